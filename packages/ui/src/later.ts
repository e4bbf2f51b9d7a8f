/**
 * `@medstore/ui/later`: the kit's components that only screens behind a link use (My Orders, the order
 * confirmation, a shop's page, the back-office's tables and prescription viewer). A shared singleton of its
 * own, fetched with the first screen that imports it rather than with the first render of `/` (issue 7's
 * 170 KB budget). These modules import the rest of the kit as `@medstore/ui`, never by relative path, so
 * the theme and the language store stay the one instance the page shares. Their texts are a catalogue of
 * their own (./later/locales), fetched with them.
 */
export { type Column, DataTable, type DataTableProps } from './DataTable.tsx'
export { downloadName, FileViewer, type FileViewerProps, nextQuarterTurn, ZOOM_STEPS } from './FileViewer.tsx'
export { OrderFilterFields, type OrderFilterValues } from './OrderFilterFields.tsx'
export { type OrderRow, OrdersTable, type OrdersTableProps } from './OrdersTable.tsx'
export { StarRating, type StarRatingProps } from './StarRating.tsx'
export { saveFile, TaxInvoice, type TaxInvoiceProps } from './TaxInvoice.tsx'
