import { defineCatalogue } from '@medstore/ui'
import { laterMessages } from './locales/index.ts'

/**
 * The later components' messages (order tables and filters, the file viewer, the tax invoice button, star
 * ratings). `defineCatalogue` comes through the share scope, so these follow the page's one language store.
 */
export const { useT } = defineCatalogue(laterMessages)
