import type { PaymentStatus } from '@medstore/contracts/order'

export type PaymentOutcome = 'paid' | 'failed'

/**
 * The payment status after a provider reports an outcome. Paid is final; a failed attempt can still be
 * followed by a successful one (the buyer retries on the same link). Undefined: nothing changes.
 */
export function nextPaymentStatus(
  current: PaymentStatus,
  outcome: PaymentOutcome,
): PaymentStatus | undefined {
  if (current === 'paid' || current === outcome) return undefined
  return outcome
}

/** A cash order is paid when it is delivered (cash on delivery). */
export const cashCollected = (paymentType: 'cash' | 'online', status: string): boolean =>
  paymentType === 'cash' && status === 'delivered'
