/**
 * `@medstore/ui/early`: what the shell's entry needs before the app's code (and this kit, a shared
 * singleton) have arrived: the page's language and the kit's catalogues, so it can start fetching that
 * language's messages alongside the app (shell/src/index.ts). Nothing here imports a shared package.
 */
export { initialLanguage } from './i18n/initial.ts'
export { kitMessages } from './locales/index.ts'
