import type { MessageLoaders } from '@medstore/ui'

/**
 * The policy pages' texts, a chunk per language: a catalogue of their own, so they load only when a
 * policy page is opened, like the pages' code (not with the shell's messages on every page).
 */
export const messages = {
  en: () => import(/* webpackChunkName: "policies-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "policies-hi" */ './hi.json'),
} satisfies MessageLoaders
