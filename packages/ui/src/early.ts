/**
 * `@medstore/ui/early`: what runs before the app's code (and this kit, a shared singleton) have arrived:
 * the page's language and the kit's catalogues, so the shell's entry can start fetching that language's
 * messages alongside the app (shell/src/index.ts), and the names index.html's boot script chooses the
 * first paint's language by (shell/src/firstPaint/boot.ts). Nothing here imports a shared package.
 */
export { initialLanguage, LANGUAGE_STORAGE_KEY, LOCALES } from './i18n/initial.ts'
export { kitMessages } from './locales/index.ts'
