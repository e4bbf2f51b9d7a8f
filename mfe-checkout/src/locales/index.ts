import type { MessageLoaders } from '@medstore/ui'

/**
 * This slice's catalogues, a chunk per language, fetched only for the language in use
 * (packages/ui/src/i18n/catalogue.ts).
 */
export const messages = {
  en: () => import(/* webpackChunkName: "messages-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "messages-hi" */ './hi.json'),
} satisfies MessageLoaders
