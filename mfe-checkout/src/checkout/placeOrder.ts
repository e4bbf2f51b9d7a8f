import type { CartItem } from '@medstore/contracts/cart'
import { orderApi } from '@medstore/contracts/endpoints'
import type { CreateOrderRequest, PaymentType, ShippingInfo } from '@medstore/contracts/order'
import { IDEMPOTENCY_KEY_HEADER } from '@medstore/contracts/order-constants'
import { api } from '@medstore/web-client'
import { orderableLines } from '../domain/cart.ts'

/**
 * The body of POST /order for the cart's orderable lines (the server prices them; no client price), with
 * the customer's prescription when a line needs one.
 */
export function orderRequest(
  items: readonly CartItem[],
  shippingInfo: ShippingInfo,
  paymentType: PaymentType,
  prescriptionId?: string,
): CreateOrderRequest {
  return {
    items: orderableLines(items).map((item) => ({ productId: item.productId._id, quantity: item.quantity })),
    shippingInfo,
    paymentType,
    ...(prescriptionId ? { prescriptionId } : {}),
  }
}

/** One POST /order under an Idempotency-Key; the caller shows failures itself. */
export const sendOrder = (body: CreateOrderRequest, key: string) =>
  api.call(orderApi.place, { body, quiet: true, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })

/** What the confirmation page is told by the checkout that just placed the order (router state). */
export interface ArrivedFromCheckout {
  justPlaced: true
}
export const justPlacedState: ArrivedFromCheckout = { justPlaced: true }

/** True when the confirmation page was reached straight from placing the order (it then says so). */
export const arrivedFromCheckout = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<ArrivedFromCheckout>).justPlaced === true

/**
 * Goes where the server said: the payment page (another site) or the shop's own confirmation page (a
 * path for a cash order), which stays inside the single-page app on whichever origin the shop was opened,
 * so the customer stays signed in.
 */
export function follow(
  url: string,
  navigate: (path: string, options: { state: ArrivedFromCheckout }) => void,
): void {
  const target = new URL(url, window.location.href)
  if (target.origin === window.location.origin)
    navigate(`${target.pathname}${target.search}`, { state: justPlacedState })
  else window.location.assign(target.toString())
}
