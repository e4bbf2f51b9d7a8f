/**
 * Cart limits as plain numbers, free of zod, so a storefront screen can use them without loading the
 * schema library on its first render (`./cart` re-exports them beside its schemas).
 */

/** At most this many units of one product in a cart line (and in an order line). */
export const MAX_LINE_QUANTITY = 20
