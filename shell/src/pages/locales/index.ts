import type { MessageLoaders } from '@medstore/ui'

/**
 * The texts of the shell's own pages behind a link (sign-in, registration, passwords, the account page),
 * a chunk per language: loaded with those pages, not with the frame's messages on every page.
 */
export const messages = {
  en: () => import(/* webpackChunkName: "shell-pages-en" */ './en.json'),
  hi: () => import(/* webpackChunkName: "shell-pages-hi" */ './hi.json'),
} satisfies MessageLoaders
