import type { RefundStatus } from '@medstore/contracts/order'
import type { PaymentOutcome } from '../domain/payment-status'

export type PaymentLinkRequest = {
  orderId: string
  number: string
  amountPaise: number
  customer: { name: string; phone: string }
  /** Where the buyer lands after paying: the shop's order-confirmation page on the shop origin they came from. */
  returnUrl: string
  /** The gateway's origin as the buyer's browser reaches it (the sandbox serves its page there). */
  apiOrigin: string
  /** When the link stops being payable. */
  expiresAt: Date
}

export type PaymentLink = { url: string; reference: string }

/** A payment link as the shop knows it, for the provider's calls about it. */
export type LinkRef = { reference: string; expiresAt: Date | null }

/** What a provider says about a link and the payment on it (a verified webhook, or the answer to a fetch). */
export type LinkReport = {
  /** undefined: nothing that settles the payment (e.g. still open, partially paid). */
  outcome?: PaymentOutcome
  amountPaise?: number
  currency?: string
  /** The provider's id of the payment (Razorpay's pay_…), needed to refund it. */
  paymentId?: string
}

type Received = {
  provider: PaymentProviderName
  /** The provider's id of this notification: the same id twice is applied once. */
  eventId: string
  /**
   * A digest of the signed bytes, when the event id is not itself signed (Razorpay sends it in a header):
   * the same body again is a replay whatever id it arrives with, and is applied once too.
   */
  bodyDigest?: string
}

/** A verified webhook about a payment link, reduced to what the order needs. */
export type LinkNotification = Received &
  LinkReport & {
    kind: 'link'
    orderId?: string
    /** The provider's payment link id. */
    reference?: string
  }

/** A verified webhook about a refund. */
export type RefundNotification = Received & {
  kind: 'refund'
  /** Ours (sent with the refund), when the provider echoes it. */
  refundId?: string
  providerRefundId: string
  status: Exclude<RefundStatus, 'pending'>
}

export type PaymentNotification = LinkNotification | RefundNotification

export type PaymentProviderName = 'sandbox' | 'razorpay'

export type RefundRequest = {
  paymentId: string
  amountPaise: number
  /** Ours: the provider makes one refund per key, however often it is asked. */
  refundId: string
  orderId: string
}

/** The refund as the provider made it; pending ones are settled later by a webhook. */
export type MadeRefund = { providerRefundId?: string; status: RefundStatus }

/**
 * A payment provider: makes a hosted payment link for an online order, verifies its webhooks, tells a link's
 * state when asked, cancels a link and refunds a payment. Implementations: the built-in sandbox (default)
 * and Razorpay Payment Links.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  createLink(request: PaymentLinkRequest): Promise<PaymentLink>
  /** Throws the kit's Unauthenticated (bad signature) or Invalid (malformed body) unless the webhook is right. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification
  /** The link's state now (for late or lost webhooks). Throws PaymentUnavailableError when it cannot tell. */
  fetchLink(link: LinkRef): Promise<LinkReport>
  /** Makes the link unpayable; a link that is already paid, expired or cancelled is left as it is. */
  cancelLink(link: LinkRef): Promise<void>
  /**
   * Refunds (part of) a payment, once per refundId. Throws PaymentUnavailableError when the provider cannot be
   * reached or asks to be retried; a refund it refuses comes back failed.
   */
  refund(request: RefundRequest): Promise<MadeRefund>
}

/** The provider could not be reached or could not do it now (down, refused, timed out). */
export class PaymentUnavailableError extends Error {
  override name = 'PaymentUnavailableError'
}

export const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}
