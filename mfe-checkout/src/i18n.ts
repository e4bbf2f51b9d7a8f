import { defineCatalogue } from '@medstore/ui'
import type en from './locales/en.json'
import { messages } from './locales/index.ts'

/**
 * This slice's messages (packages/ui/src/i18n/catalogue.ts): each language a chunk, fetched when in use.
 * Add a string: a key in locales/en.json and locales/hi.json, then `const t = useT()` and `t('key')`.
 */
export const { useT, t, ready } = defineCatalogue(messages)

/** A key of this slice's messages (for tables of texts: `{ label: 'home.sale' as MessageKey }`). */
export type MessageKey = keyof typeof en
