import { randomUUID } from 'node:crypto'
import { SANDBOX_SIGNATURE_HEADER, type SandboxWebhook, sandboxWebhook } from '@medstore/contracts/order'
import { Invalid, Unauthenticated } from '@medstore/service-kit'
import { SHOP_CURRENCY } from '../domain/payment-status'
import {
  header,
  type LinkRef,
  type LinkReport,
  type MadeRefund,
  type PaymentLink,
  type PaymentLinkRequest,
  type PaymentNotification,
  type PaymentProvider,
  type RefundRequest,
} from './provider'
import { hmacHex, signatureMatches } from './signature'

/** The sandbox payment page's path under the gateway's /order family. */
export const sandboxPagePath = (orderId: string) => `/order/payment/${encodeURIComponent(orderId)}`
/** The page's query parameter naming the shop origin to return to (checked against the shop's origins). */
export const SANDBOX_RETURN_PARAM = 'shop'
export const SANDBOX_WEBHOOK_PATH = '/order/payment/webhook'

/**
 * A stand-in payment provider for development and demos: the "hosted page" is served by this service
 * through the gateway, and it reports back through a webhook signed with PAYMENT_WEBHOOK_SECRET, exactly
 * as a real provider would. The page carries the two webhook bodies (pay / fail) already signed by the
 * server, so the secret never reaches the browser. It refunds at once (processed), and knows of a link only
 * what the shop does: it is open until it expires.
 */
export class SandboxPayments implements PaymentProvider {
  readonly name = 'sandbox' as const

  constructor(private readonly secret: string) {}

  /** The page on the gateway as the buyer's browser reaches it, told which shop origin to return to. */
  async createLink(request: PaymentLinkRequest): Promise<PaymentLink> {
    const url = new URL(sandboxPagePath(request.orderId), request.apiOrigin)
    url.searchParams.set(SANDBOX_RETURN_PARAM, new URL(request.returnUrl).origin)
    return { url: url.toString(), reference: request.orderId }
  }

  /** A webhook body for one outcome and its signature, for the payment page to send. */
  signedNotification(orderId: string, outcome: SandboxWebhook['outcome'], amountPaise: number) {
    const body = JSON.stringify({
      id: `sbx_${randomUUID()}`,
      orderId,
      outcome,
      amount: amountPaise,
      currency: SHOP_CURRENCY,
    })
    return { body, signature: hmacHex(this.secret, body) }
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentNotification {
    if (!signatureMatches(this.secret, rawBody, header(headers, SANDBOX_SIGNATURE_HEADER)))
      throw new Unauthenticated('Invalid webhook signature')
    let parsed: SandboxWebhook
    try {
      parsed = sandboxWebhook.parse(JSON.parse(rawBody.toString('utf8')))
    } catch {
      throw new Invalid('Malformed webhook body')
    }
    return {
      kind: 'link',
      provider: 'sandbox',
      eventId: parsed.id,
      orderId: parsed.orderId,
      reference: parsed.orderId,
      outcome: parsed.outcome,
      amountPaise: parsed.amount,
      currency: parsed.currency,
      paymentId: parsed.outcome === 'paid' ? `sbx_pay_${parsed.id}` : undefined,
    }
  }

  async fetchLink(link: LinkRef): Promise<LinkReport> {
    return link.expiresAt && link.expiresAt.getTime() <= Date.now() ? { outcome: 'expired' } : {}
  }

  /** The page refuses to pay a cancelled order (it reads the order), so there is nothing to do here. */
  async cancelLink(): Promise<void> {}

  async refund(request: RefundRequest): Promise<MadeRefund> {
    return { providerRefundId: `sbx_rfnd_${request.refundId}`, status: 'processed' }
  }
}
