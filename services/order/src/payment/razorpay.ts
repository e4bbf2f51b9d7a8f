import { createHash } from 'node:crypto'
import { Invalid, Unauthenticated } from '@medstore/service-kit'
import { z } from 'zod'
import type { PaymentOutcome } from '../domain/payment-status'
import {
  header,
  type LinkRef,
  type LinkReport,
  type MadeRefund,
  type PaymentLink,
  type PaymentLinkRequest,
  type PaymentNotification,
  type PaymentProvider,
  PaymentUnavailableError,
  type RefundRequest,
} from './provider'
import { signatureMatches } from './signature'

export type RazorpaySettings = {
  baseUrl: string
  keyId: string
  keySecret: string
  webhookSecret: string
  timeoutMs?: number
}

const createdLink = z.object({ id: z.string().min(1), short_url: z.string().url() })

const linkPayment = z.object({ payment_id: z.string(), status: z.string().optional() })

/** A payment link entity (create, fetch, and webhooks' payload.payment_link.entity). */
const linkEntity = z.object({
  id: z.string(),
  status: z.string().optional(),
  amount: z.number().int().optional(),
  amount_paid: z.number().int().optional(),
  currency: z.string().optional(),
  notes: z.record(z.string(), z.unknown()).nullish().or(z.array(z.unknown())),
  payments: z.array(linkPayment).nullish(),
})

const refundEntity = z.object({
  id: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  notes: z.record(z.string(), z.unknown()).nullish().or(z.array(z.unknown())),
})

const webhookBody = z.object({
  event: z.string(),
  payload: z
    .object({
      payment_link: z.object({ entity: linkEntity }).optional(),
      payment: z
        .object({
          entity: z.object({
            id: z.string(),
            amount: z.number().int().optional(),
            currency: z.string().optional(),
          }),
        })
        .optional(),
      refund: z.object({ entity: refundEntity }).optional(),
    })
    .passthrough(),
})

/** Link states that settle the payment; the rest (created, partially_paid) do not. */
const LINK_OUTCOMES: Record<string, PaymentOutcome> = {
  paid: 'paid',
  expired: 'expired',
  cancelled: 'expired',
}

/** Link events that settle a payment; the rest (payment.*, partially_paid, …) are acknowledged and ignored. */
const LINK_EVENTS: Record<string, PaymentOutcome> = {
  'payment_link.paid': 'paid',
  'payment_link.expired': 'expired',
  'payment_link.cancelled': 'expired',
}

const REFUND_EVENTS = { 'refund.processed': 'processed', 'refund.failed': 'failed' } as const

type Notes = z.infer<typeof linkEntity>['notes']
const note = (notes: Notes, key: string) => {
  const value = notes && !Array.isArray(notes) ? notes[key] : undefined
  return typeof value === 'string' ? value : undefined
}

/** Razorpay answered: its status and JSON body (undefined when it sent none). */
type Answer = { status: number; body: unknown }

const describe = ({ status, body }: Answer) =>
  `${status}: ${(body as { error?: { description?: string } } | undefined)?.error?.description ?? ''}`

/** Razorpay asks to be retried (a request under the same idempotency key in progress, rate limit, its fault). */
const retryable = (status: number) => status === 409 || status === 429 || status >= 500

/**
 * Razorpay Payment Links (https://razorpay.com/docs/api/payments/payment-links/): POST /v1/payment_links with
 * basic auth key_id:key_secret, amounts in paise, currency INR, reference_id = our order number, expire_by;
 * GET /v1/payment_links/:id and POST …/cancel; refunds by POST /v1/payments/:id/refund with the
 * X-Refund-Idempotency header. Webhooks carry X-Razorpay-Signature = hex HMAC-SHA256 of the raw body with
 * the webhook secret, and X-Razorpay-Event-Id for de-duplication.
 *
 * Not the official `razorpay` package (2.9.8, checked): it fixes the host to https://api.razorpay.com (the
 * tests' local Razorpay is reachable only by reaching into its private axios instance), sets headers per
 * client, not per request (each refund needs its own X-Refund-Idempotency), has no timeout, and brings
 * axios for four JSON calls that fetch makes in one small function.
 */
export class RazorpayPayments implements PaymentProvider {
  readonly name = 'razorpay' as const

  constructor(private readonly settings: RazorpaySettings) {}

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const { baseUrl, keyId, keySecret, timeoutMs = 10_000 } = this.settings
    try {
      const res = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      return { status: res.status, body: await res.json().catch(() => undefined) }
    } catch (err) {
      throw new PaymentUnavailableError(`Razorpay unreachable: ${(err as Error).message}`)
    }
  }

  async createLink(request: PaymentLinkRequest): Promise<PaymentLink> {
    const answer = await this.call('POST', '/v1/payment_links', {
      amount: request.amountPaise,
      currency: 'INR',
      accept_partial: false,
      reference_id: request.number,
      description: `Medicine Store order ${request.number}`,
      customer: { name: request.customer.name, contact: `+91${request.customer.phone}` },
      notify: { sms: false, email: false },
      reminder_enable: false,
      expire_by: Math.floor(request.expiresAt.getTime() / 1000),
      notes: { orderId: request.orderId },
      callback_url: request.returnUrl,
      callback_method: 'get',
    })
    const link = createdLink.safeParse(answer.body)
    if (answer.status !== 200 || !link.success)
      throw new PaymentUnavailableError(`Razorpay refused the payment link (${describe(answer)})`)
    return { url: link.data.short_url, reference: link.data.id }
  }

  async fetchLink(link: LinkRef): Promise<LinkReport> {
    const answer = await this.call('GET', `/v1/payment_links/${encodeURIComponent(link.reference)}`)
    const entity = linkEntity.safeParse(answer.body)
    if (answer.status !== 200 || !entity.success)
      throw new PaymentUnavailableError(`Razorpay could not tell the link's state (${describe(answer)})`)
    const { status, amount_paid, currency, payments } = entity.data
    const outcome = status ? LINK_OUTCOMES[status] : undefined
    if (outcome !== 'paid') return { outcome }
    const payment = payments?.find((p) => p.status === 'captured') ?? payments?.[0]
    return { outcome, amountPaise: amount_paid, currency, paymentId: payment?.payment_id }
  }

  async cancelLink(link: LinkRef): Promise<void> {
    const answer = await this.call('POST', `/v1/payment_links/${encodeURIComponent(link.reference)}/cancel`)
    // 400: it is paid, expired or cancelled already (a payment after this is refunded when it is reported).
    if (answer.status !== 200 && answer.status !== 400)
      throw new PaymentUnavailableError(`Razorpay could not cancel the link (${describe(answer)})`)
  }

  async refund(request: RefundRequest): Promise<MadeRefund> {
    const answer = await this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(request.paymentId)}/refund`,
      {
        amount: request.amountPaise,
        speed: 'normal',
        receipt: request.refundId.slice(0, 40),
        notes: { orderId: request.orderId, refundId: request.refundId },
      },
      { 'X-Refund-Idempotency': request.refundId },
    )
    if (retryable(answer.status))
      throw new PaymentUnavailableError(`Razorpay could not refund now (${describe(answer)})`)
    const refund = refundEntity.safeParse(answer.body)
    if (answer.status !== 200 || !refund.success) return { status: 'failed' }
    return { providerRefundId: refund.data.id, status: refund.data.status }
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentNotification {
    if (!signatureMatches(this.settings.webhookSecret, rawBody, header(headers, 'X-Razorpay-Signature')))
      throw new Unauthenticated('Invalid webhook signature')
    let parsed: z.infer<typeof webhookBody>
    try {
      parsed = webhookBody.parse(JSON.parse(rawBody.toString('utf8')))
    } catch {
      throw new Invalid('Malformed webhook body')
    }
    const bodyDigest = createHash('sha256').update(rawBody).digest('hex')
    const received = {
      provider: 'razorpay' as const,
      eventId: header(headers, 'X-Razorpay-Event-Id') ?? bodyDigest,
      bodyDigest,
    }
    const refund = parsed.payload.refund?.entity
    const refundStatus = REFUND_EVENTS[parsed.event as keyof typeof REFUND_EVENTS]
    if (refundStatus && refund)
      return {
        ...received,
        kind: 'refund',
        refundId: note(refund.notes, 'refundId'),
        providerRefundId: refund.id,
        status: refundStatus,
      }
    const link = parsed.payload.payment_link?.entity
    const payment = parsed.payload.payment?.entity
    return {
      ...received,
      kind: 'link',
      reference: link?.id,
      orderId: note(link?.notes, 'orderId'),
      outcome: link ? LINK_EVENTS[parsed.event] : undefined,
      amountPaise: link?.amount_paid,
      currency: payment?.currency ?? link?.currency,
      paymentId: payment?.id,
    }
  }
}
