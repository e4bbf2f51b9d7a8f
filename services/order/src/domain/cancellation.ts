import type { OrderStatus } from '@medstore/contracts/order'

/** The published cancellation policy: within 24 hours of ordering, if not dispatched. */
export const CUSTOMER_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000

/** Why the customer may not cancel this order themselves; undefined when they may. */
export function customerCancelRefusal(
  order: { status: OrderStatus; createdAt: Date },
  now: Date,
): string | undefined {
  if (order.status === 'cancelled') return 'This order is already cancelled'
  if (order.status !== 'pending' && order.status !== 'processing')
    return `This order is already ${order.status} and can no longer be cancelled`
  if (now.getTime() - order.createdAt.getTime() > CUSTOMER_CANCEL_WINDOW_MS)
    return 'Orders can be cancelled only within 24 hours of ordering'
  return undefined
}
