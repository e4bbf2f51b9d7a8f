import type { MessageLoaders } from '@medstore/ui'

/**
 * The catalogues of the kit's later components (../../later.ts), a chunk per language of their own: the
 * first render of `/` fetches the kit's catalogue without these texts.
 */
export const laterMessages = {
  en: () => import(/* webpackChunkName: "kit-later-messages-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "kit-later-messages-hi" */ './hi.json'),
} satisfies MessageLoaders
