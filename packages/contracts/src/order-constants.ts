/**
 * Order constants as plain values, free of zod, so a checkout screen can use them without loading the
 * schema library on its first render (`./order` re-exports them beside its schemas).
 */

/** Shipping within India only (the published shipping policy). */
export const SHIPPING_COUNTRY = 'India'

/** The header that makes placing an order (or paying for one) safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/** At most this many lines in one order (and in one stock reservation). */
export const MAX_ORDER_LINES = 50

/** An order has a GST tax invoice once it has left the shop: issued as it ships, kept when it is delivered. */
export const INVOICED_STATUSES: readonly string[] = ['shipped', 'delivered']
export const hasTaxInvoice = (status: string): boolean => INVOICED_STATUSES.includes(status)

/** The invoice's PDF file name: MS/2026-27/000123 → MS-2026-27-000123.pdf. */
export const invoiceFileName = (invoiceNumber: string): string =>
  `${invoiceNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`
