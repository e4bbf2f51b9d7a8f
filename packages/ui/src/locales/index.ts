import type { MessageLoaders } from '../i18n/catalogue.ts'

/**
 * The kit's catalogues, a chunk per language (../i18n/catalogue.ts). Its own module, free of shared
 * packages, so the shell's entry can start fetching the page's language before the kit has arrived
 * (`@medstore/ui/early`). The chunk name is the shell's too: the shell builds the kit, so both land in
 * one `messages-<lang>` chunk. A remote's own catalogues take another name (`store-messages-<lang>`), or
 * its build's copy of the kit's catalogue would travel inside them.
 */
export const kitMessages = {
  en: () => import(/* webpackChunkName: "messages-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "messages-hi" */ './hi.json'),
} satisfies MessageLoaders
