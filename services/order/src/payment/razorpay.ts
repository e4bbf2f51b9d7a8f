import { createHash } from 'node:crypto'
import { Invalid, Unauthenticated } from '@medstore/service-kit'
import { z } from 'zod'
import {
  header,
  type PaymentLink,
  type PaymentLinkRequest,
  type PaymentNotification,
  type PaymentProvider,
  PaymentUnavailableError,
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

const webhookBody = z.object({
  event: z.string(),
  payload: z
    .object({
      payment_link: z
        .object({
          entity: z.object({
            id: z.string(),
            reference_id: z.string().optional(),
            amount: z.number().int().optional(),
            amount_paid: z.number().int().optional(),
            notes: z.record(z.string(), z.unknown()).nullish().or(z.array(z.unknown())),
          }),
        })
        .optional(),
    })
    .passthrough(),
})

/** Link events that settle a payment; the rest (payment.*, partially_paid, …) are acknowledged and ignored. */
const OUTCOMES: Record<string, 'paid' | 'failed'> = {
  'payment_link.paid': 'paid',
  'payment_link.expired': 'failed',
  'payment_link.cancelled': 'failed',
}

/**
 * Razorpay Payment Links (https://razorpay.com/docs/api/payments/payment-links/): POST /v1/payment_links with
 * basic auth key_id:key_secret, amounts in paise, currency INR, reference_id = our order number; webhooks
 * carry X-Razorpay-Signature = hex HMAC-SHA256 of the raw body with the webhook secret, and
 * X-Razorpay-Event-Id for de-duplication.
 */
export class RazorpayPayments implements PaymentProvider {
  readonly name = 'razorpay' as const

  constructor(private readonly settings: RazorpaySettings) {}

  async createLink(request: PaymentLinkRequest): Promise<PaymentLink> {
    const { baseUrl, keyId, keySecret, timeoutMs = 10_000 } = this.settings
    let res: Response
    try {
      res = await fetch(new URL('/v1/payment_links', baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          amount: request.amountPaise,
          currency: 'INR',
          accept_partial: false,
          reference_id: request.number,
          description: `Medicine Store order ${request.number}`,
          customer: { name: request.customer.name, contact: `+91${request.customer.phone}` },
          notify: { sms: false, email: false },
          reminder_enable: false,
          notes: { orderId: request.orderId },
          callback_url: request.returnUrl,
          callback_method: 'get',
        }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      throw new PaymentUnavailableError(`Razorpay unreachable: ${(err as Error).message}`)
    }
    const body: unknown = await res.json().catch(() => undefined)
    const link = createdLink.safeParse(body)
    if (!res.ok || !link.success) {
      const description = (body as { error?: { description?: string } } | undefined)?.error?.description
      throw new PaymentUnavailableError(
        `Razorpay refused the payment link (${res.status}): ${description ?? ''}`,
      )
    }
    return { url: link.data.short_url, reference: link.data.id }
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
    const link = parsed.payload.payment_link?.entity
    const notes = link?.notes && !Array.isArray(link.notes) ? link.notes : {}
    const bodyDigest = createHash('sha256').update(rawBody).digest('hex')
    return {
      provider: 'razorpay',
      eventId: header(headers, 'X-Razorpay-Event-Id') ?? bodyDigest,
      bodyDigest,
      reference: link?.id,
      orderId: typeof notes.orderId === 'string' ? notes.orderId : undefined,
      outcome: link ? OUTCOMES[parsed.event] : undefined,
      amountPaise: link?.amount_paid,
    }
  }
}
