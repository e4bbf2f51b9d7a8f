import { defineCatalogue } from './i18n/catalogue.ts'
import { kitMessages } from './locales/index.ts'

/**
 * The UI kit's own messages (loading, errors, pager, order table, stars, toasts, the home hero): the kit
 * is a shared singleton shipped with the shell, so its catalogue travels with it, like a slice's.
 */
export const { useT, t } = defineCatalogue(kitMessages)
