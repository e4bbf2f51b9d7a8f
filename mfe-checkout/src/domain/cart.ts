import type { CartItem } from '@medstore/contracts/cart'
import { MAX_LINE_QUANTITY } from '@medstore/contracts/cart-limits'
import { toPaise, toRupees } from '@medstore/contracts/money'

/**
 * Cart arithmetic and the quantity stepper's rules. Sums run in paise so ₹0.10 + ₹0.20 is ₹0.30, not
 * ₹0.30000000000000004.
 */

/** Rupees: unit price × quantity. */
export const lineTotal = (item: Pick<CartItem, 'quantity' | 'productId'>): number =>
  toRupees(toPaise(item.productId.price) * item.quantity)

/** Lines that can be ordered (the cart keeps unavailable ones so the customer sees why). */
export const orderableLines = <T extends Pick<CartItem, 'available'>>(items: readonly T[]): T[] =>
  items.filter((item) => item.available)

/** Rupees: the sum of the available lines; there is no shipping or tax, so the total is the subtotal. */
export function subtotalOf(items: readonly CartItem[]): number {
  return toRupees(
    orderableLines(items).reduce((sum, item) => sum + toPaise(item.productId.price) * item.quantity, 0),
  )
}

export const totalOf = subtotalOf

/** Units in the available lines. */
export const unitCountOf = (items: readonly CartItem[]): number =>
  orderableLines(items).reduce((sum, item) => sum + item.quantity, 0)

/** Most units a line may hold: what the cart reports (stock and the cap), else the cap. */
export const maxQuantityOf = (item: Pick<CartItem, 'maxQuantity'>): number =>
  Math.min(MAX_LINE_QUANTITY, item.maxQuantity ?? MAX_LINE_QUANTITY)

/**
 * The quantity after −: nothing below 1 (undefined means the click does nothing). A line holding more
 * than is left drops straight to what is left, since the cart refuses any quantity above the stock.
 */
export function decreased(item: Pick<CartItem, 'quantity' | 'maxQuantity'>): number | undefined {
  if (item.maxQuantity !== undefined && item.maxQuantity >= 1 && item.quantity > item.maxQuantity)
    return item.maxQuantity
  return item.quantity > 1 ? item.quantity - 1 : undefined
}

/** The quantity after +: nothing past the stock or the per-line cap (undefined: the click does nothing). */
export function increased(item: Pick<CartItem, 'quantity' | 'maxQuantity'>): number | undefined {
  return item.quantity < maxQuantityOf(item) ? item.quantity + 1 : undefined
}
