import type { OrderStatus, PaymentStatus, RefundStatus } from '@medstore/contracts/order'

/** A refund that is owed and not yet recorded. */
export type RefundDue = { id: string; itemId: string | null; amountPaise: number }

type RefundRecord = { id: string; amountPaise: number; status: RefundStatus }

/**
 * Refund ids are also the provider's idempotency keys (Razorpay: at least 10 characters of letters, digits,
 * - and _): one per order and one per item, so whatever retries, a refund is made once.
 */
export const orderRefundId = (orderId: string) => `order_${orderId}`.replace(/[^\w-]/g, '-')
export const itemRefundId = (itemId: string) => `item_${itemId}`.replace(/[^\w-]/g, '-')

type PaidOrder = {
  id: string
  status: OrderStatus
  /** What the buyer paid (paise); null when nothing was paid online. */
  paidPaise: number | null
  items: { id: string; status: OrderStatus; unitPricePaise: number; quantity: number }[]
}

/**
 * What a paid order owes its buyer beyond the refunds already recorded: everything left of the payment once
 * the order is cancelled, otherwise each cancelled item's price. Never more than was paid in all.
 */
export function refundsOwed(order: PaidOrder, recorded: readonly RefundRecord[]): RefundDue[] {
  if (!order.paidPaise || order.paidPaise <= 0) return []
  const known = new Set(recorded.map((r) => r.id))
  let left = order.paidPaise - recorded.reduce((sum, r) => sum + r.amountPaise, 0)
  const owed: RefundDue[] = []
  const owe = (id: string, itemId: string | null, amountPaise: number) => {
    const amount = Math.min(amountPaise, left)
    if (known.has(id) || amount <= 0) return
    owed.push({ id, itemId, amountPaise: amount })
    left -= amount
  }
  if (order.status === 'cancelled') owe(orderRefundId(order.id), null, left)
  else
    for (const item of order.items)
      if (item.status === 'cancelled')
        owe(itemRefundId(item.id), item.id, item.unitPricePaise * item.quantity)
  return owed
}

/**
 * A paid order's payment status given its refunds: a cancelled order's money is going back (refund_pending),
 * back (refunded), or stuck (refund_failed, for a person); a live order with refunded items stays paid.
 */
export function paidOrderPaymentStatus(
  orderStatus: OrderStatus,
  refunds: readonly { status: RefundStatus }[],
): PaymentStatus {
  if (orderStatus !== 'cancelled' || refunds.length === 0) return 'paid'
  if (refunds.some((r) => r.status === 'failed')) return 'refund_failed'
  if (refunds.some((r) => r.status === 'pending')) return 'refund_pending'
  return 'refunded'
}

/** A refund's status after the provider reports on it: settled refunds stay as they are. */
export const nextRefundStatus = (current: RefundStatus, reported: RefundStatus): RefundStatus | undefined =>
  current === 'pending' && reported !== 'pending' ? reported : undefined
