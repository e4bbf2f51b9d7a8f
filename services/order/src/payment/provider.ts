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
}

export type PaymentLink = { url: string; reference: string }

/** A verified webhook, reduced to what the order needs. */
export type PaymentNotification = {
  provider: PaymentProviderName
  /** The provider's id of this notification: the same id twice is applied once. */
  eventId: string
  /**
   * A digest of the signed bytes, when the event id is not itself signed (Razorpay sends it in a header):
   * the same body again is a replay whatever id it arrives with, and is applied once too.
   */
  bodyDigest?: string
  orderId?: string
  /** The provider's payment link id. */
  reference?: string
  /** undefined: an event we have no use for (acknowledged and ignored). */
  outcome?: PaymentOutcome
  amountPaise?: number
}

export type PaymentProviderName = 'sandbox' | 'razorpay'

/**
 * A payment provider: makes a hosted payment link for an online order and verifies its webhooks.
 * Implementations: the built-in sandbox (default) and Razorpay Payment Links.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  createLink(request: PaymentLinkRequest): Promise<PaymentLink>
  /** Throws the kit's Unauthenticated (bad signature) or Invalid (malformed body) unless the webhook is right. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification
}

/** The provider could not make a payment link (down, refused, timed out). */
export class PaymentUnavailableError extends Error {
  override name = 'PaymentUnavailableError'
}

export const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}
