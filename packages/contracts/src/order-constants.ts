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
