import type { MessageLoaders } from '@medstore/ui'

/**
 * This slice's catalogues, a chunk per language, fetched only for the language in use
 * (packages/ui/src/i18n/catalogue.ts). Not named `messages-<lang>`: that is the kit's chunk name, and this
 * build holds a copy of the kit (the page uses the shell's), so the same name would ship the kit's
 * catalogue inside this slice's, downloaded for nothing.
 */
export const messages = {
  en: () => import(/* webpackChunkName: "checkout-messages-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "checkout-messages-hi" */ './hi.json'),
} satisfies MessageLoaders
