import { defineCatalogue } from '@medstore/ui'
import type en from './locales/en.json'
import { messages } from './locales/index.ts'

/** The policy pages' own messages (./locales/index.ts says why they are apart from the shell's). */
export const { useT } = defineCatalogue(messages)

export type PolicyMessage = keyof typeof en
