import type { PaymentStatus } from '@medstore/contracts/order'

/** What a payment link's provider reports: paid, a failed attempt, or the link lapsed (expired or cancelled). */
export type PaymentOutcome = 'paid' | 'failed' | 'expired'

/** The only currency the shop takes. */
export const SHOP_CURRENCY = 'INR'

/**
 * The payment status after a provider reports an outcome. Paid is final (and so is anything after it, the
 * refunds); a failed attempt can still be followed by a successful one (the buyer retries on the same link);
 * a lapsed link fails the payment. Undefined: nothing changes.
 */
export function nextPaymentStatus(
  current: PaymentStatus,
  outcome: PaymentOutcome,
): PaymentStatus | undefined {
  if (current !== 'pending' && current !== 'failed') return undefined
  const next = outcome === 'paid' ? 'paid' : 'failed'
  return next === current ? undefined : next
}

/**
 * Why a reported payment may not mark the order paid; undefined when it may. Both the amount (paise) and the
 * currency must be reported and equal the order's: a provider that leaves one out is not taken at its word.
 */
export function paymentMismatch(
  order: { totalPaise: number },
  paid: { amountPaise?: number; currency?: string },
): string | undefined {
  if (paid.amountPaise === undefined) return 'the amount paid was not reported'
  if (paid.currency === undefined) return 'the currency was not reported'
  if (paid.currency.toUpperCase() !== SHOP_CURRENCY)
    return `paid in ${paid.currency}, the order is in ${SHOP_CURRENCY}`
  if (paid.amountPaise !== order.totalPaise)
    return `paid ${paid.amountPaise} paise, the order totals ${order.totalPaise}`
  return undefined
}

/** A cash order is paid when it is delivered (cash on delivery). */
export const cashCollected = (paymentType: 'cash' | 'online', status: string): boolean =>
  paymentType === 'cash' && status === 'delivered'
