import { defineCatalogue } from '@medstore/ui'
import type en from './locales/en.json'
import { messages } from './locales/index.ts'

/** The messages of the sign-in, registration, password and account pages (./locales/index.ts says why apart). */
export const { useT, t, ready } = defineCatalogue(messages)

/** A key of these pages' messages. */
export type MessageKey = keyof typeof en
