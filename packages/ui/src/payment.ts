import type { Order, RefundView } from '@medstore/contracts/order'
import { formatLongDate } from './format.ts'
import { t } from './messages.ts'
import { formatRupees } from './price.tsx'

/** How an order is paid, as both order modals show it: 'Cash on delivery', 'Online (refund initiated)'. */
export function paymentText(order: Pick<Order, 'paymentType' | 'paymentStatus'>): string {
  return order.paymentType === 'cash'
    ? t('payment.cash')
    : t('payment.online', { status: order.paymentStatus })
}

const REFUND_OUTCOME: Record<RefundView['status'], string> = {
  pending: '',
  processed: ', completed',
  failed: ' could not be completed; our team will contact you',
}

/** An order's refunds as sentences, oldest first (none from an order service older than refunds). */
export function refundSentences(order: Pick<Order, 'refunds' | 'items'>): string[] {
  return (order.refunds ?? []).map((refund) => refundSentence(refund, order.items))
}

/**
 * One refund as a sentence: 'Refund of ₹399.98 initiated on 28 November 2026', naming the item when it is an
 * item's ('Refund of ₹50.00 for Triphala Churna initiated on …'), and saying how it ended once it has.
 */
export function refundSentence(refund: RefundView, items: Order['items'] = []): string {
  const item = refund.itemId ? items.find((i) => i._id === refund.itemId)?.productId.name : undefined
  const what = `Refund of ${formatRupees(refund.amount)}${item ? ` for ${item}` : ''}`
  return `${what} initiated on ${formatLongDate(refund.createdAt)}${REFUND_OUTCOME[refund.status]}`
}
