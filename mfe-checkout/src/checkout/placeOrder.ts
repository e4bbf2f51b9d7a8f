import type { CartItem } from '@medstore/contracts/cart'
import { orderApi } from '@medstore/contracts/endpoints'
import type { CreateOrderRequest, PaymentType, ShippingInfo } from '@medstore/contracts/order'
import { IDEMPOTENCY_KEY_HEADER } from '@medstore/contracts/order-constants'
import { api } from '@medstore/web-client'
import { orderableLines } from '../domain/cart.ts'

/** The body of POST /order for the cart's orderable lines (the server prices them; no client price). */
export function orderRequest(
  items: readonly CartItem[],
  shippingInfo: ShippingInfo,
  paymentType: PaymentType,
): CreateOrderRequest {
  return {
    items: orderableLines(items).map((item) => ({ productId: item.productId._id, quantity: item.quantity })),
    shippingInfo,
    paymentType,
  }
}

/** One POST /order under an Idempotency-Key; the caller shows failures itself. */
export const sendOrder = (body: CreateOrderRequest, key: string) =>
  api.call(orderApi.place, { body, quiet: true, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })

/**
 * Goes where the server said: the payment page (another site) or the shop's own confirmation page, which
 * stays inside the single-page app when it is on this origin.
 */
export function follow(url: string, navigate: (path: string) => void): void {
  const target = new URL(url, window.location.href)
  if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`)
  else window.location.assign(target.toString())
}
