import { defineCatalogue } from './i18n/catalogue.ts'
import en from './locales/en.json'

/**
 * The UI kit's own messages (loading, errors, pager, order table, stars, toasts, the home hero): the kit
 * is a shared singleton shipped with the shell, so its catalogue travels with it, like a slice's.
 */
export const { useT, t } = defineCatalogue(en, { hi: () => import('./locales/hi.json') })
