import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export const KEY_ID = 'rzp_test_medstore'
export const KEY_SECRET = 'key-secret-for-tests'
export const RAZORPAY_WEBHOOK_SECRET = 'razorpay-webhook-secret-for-tests'

export type Link = {
  id: string
  short_url: string
  amount: number
  currency: string
  reference_id: string
  notes: Record<string, string>
  callback_url: string
  customer: { name: string; contact: string }
  expire_by: number
  status: 'created' | 'paid' | 'expired' | 'cancelled'
  amount_paid: number
  payments: { payment_id: string; amount: number; status: string; method: string }[] | null
}

export type Payment = { id: string; amount: number; currency: string; status: 'captured'; refunded: number }

export type Refund = {
  id: string
  entity: 'refund'
  amount: number
  currency: string
  payment_id: string
  notes: Record<string, string>
  receipt: string | null
  status: 'pending' | 'processed' | 'failed'
  speed_requested: string
  created_at: number
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/

/**
 * A local stand-in for the parts of Razorpay's API the shop calls, as documented: Payment Links (create with
 * expire_by at least 15 minutes ahead, fetch, cancel) and Refunds (POST /v1/payments/:id/refund with the
 * X-Refund-Idempotency header: the same key and body answer the same refund, another body under it is a
 * BAD_REQUEST; never more than was captured). Basic auth key_id:key_secret on every call. `pay` plays the
 * buyer paying on Razorpay's page; the webhook builders sign events as Razorpay does.
 */
export async function fakeRazorpay() {
  const links: Link[] = []
  const payments = new Map<string, Payment>()
  const refunds: Refund[] = []
  const byKey = new Map<string, { body: string; refund: Refund }>()
  /** Every refund request, as received (key and body). */
  const refundRequests: { key: string | undefined; body: Record<string, unknown> }[] = []
  let failing = false
  let failRefunds = 0
  let loseRefundAnswers = 0

  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const error = (status: number, description: string) =>
        reply(status, {
          error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description },
        })
      const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`
      if (req.headers.authorization !== expected) return error(401, 'Authentication failed')
      if (failing) return error(500, 'We are facing some trouble completing your request at the moment')
      const url = req.url ?? ''
      const body = raw ? JSON.parse(raw) : {}

      if (req.method === 'POST' && url === '/v1/payment_links') {
        if (!Number.isInteger(body.amount) || body.amount < 100)
          return error(400, 'The amount must be atleast INR 1.00')
        if (body.currency !== 'INR') return error(400, 'The currency provided is invalid')
        if (!Number.isInteger(body.expire_by) || body.expire_by < Date.now() / 1000 + 15 * 60 - 5)
          return error(400, 'expire_by should be at least 15 minutes after current time')
        if (links.some((l) => l.reference_id === body.reference_id))
          return error(400, `Payment Link with reference ${body.reference_id} already exists`)
        const id = `plink_${randomBytes(7).toString('hex')}`
        const link: Link = {
          ...body,
          id,
          short_url: `https://rzp.io/i/${id.slice(6, 14)}`,
          status: 'created',
          amount_paid: 0,
          payments: null,
        }
        links.push(link)
        return reply(200, { ...link, created_at: Math.floor(Date.now() / 1000) })
      }
      const linkCall = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(url)
      if (linkCall) {
        const link = links.find((l) => l.id === decodeURIComponent(linkCall[1]!))
        if (!link) return error(400, 'The id provided does not exist')
        if (req.method === 'GET' && !linkCall[2]) return reply(200, link)
        if (req.method === 'POST' && linkCall[2]) {
          if (link.status !== 'created')
            return error(400, `Payment Link cannot be cancelled as it is already ${link.status}`)
          link.status = 'cancelled'
          return reply(200, link)
        }
      }
      const refundCall = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url)
      if (req.method === 'POST' && refundCall) {
        const key = req.headers['x-refund-idempotency'] as string | undefined
        refundRequests.push({ key, body })
        if (failRefunds > 0) {
          failRefunds--
          return error(502, 'Bad gateway')
        }
        if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
          return error(400, 'The idempotency key is invalid')
        const seen = key ? byKey.get(key) : undefined
        if (seen) {
          if (seen.body !== raw)
            return error(400, 'Different request with the same idempotency key has already been processed.')
          return reply(200, seen.refund)
        }
        const payment = payments.get(decodeURIComponent(refundCall[1]!))
        if (!payment) return error(400, 'The id provided does not exist')
        const amount = body.amount ?? payment.amount - payment.refunded
        if (amount > payment.amount - payment.refunded)
          return error(400, 'The refund amount provided is greater than amount captured')
        payment.refunded += amount
        const refund: Refund = {
          id: `rfnd_${randomBytes(7).toString('hex')}`,
          entity: 'refund',
          amount,
          currency: payment.currency,
          payment_id: payment.id,
          notes: body.notes ?? {},
          receipt: body.receipt ?? null,
          status: 'pending',
          speed_requested: body.speed ?? 'normal',
          created_at: Math.floor(Date.now() / 1000),
        }
        refunds.push(refund)
        if (key) byKey.set(key, { body: raw, refund })
        if (loseRefundAnswers > 0) {
          loseRefundAnswers--
          // Made, but the answer is lost on the way (the shop sees a gateway error).
          return error(504, 'Gateway timeout')
        }
        return reply(200, refund)
      }
      error(404, 'The requested URL was not found')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  /** The buyer pays on the link's page (whatever its state, as a race with a cancellation could). */
  function pay(link: Link, paid: { amount?: number; currency?: string } = {}) {
    const payment: Payment = {
      id: `pay_${randomBytes(7).toString('hex')}`,
      amount: paid.amount ?? link.amount,
      currency: paid.currency ?? link.currency,
      status: 'captured',
      refunded: 0,
    }
    payments.set(payment.id, payment)
    link.status = 'paid'
    link.amount_paid = payment.amount
    link.payments = [{ payment_id: payment.id, amount: payment.amount, status: 'captured', method: 'upi' }]
    return payment
  }

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    links,
    payments,
    refunds,
    refundRequests,
    pay,
    linkOf: (number: string) => links.find((l) => l.reference_id === number)!,
    setFailing: (value: boolean) => {
      failing = value
    },
    /** The next n refund calls answer 502 and make nothing. */
    failNextRefunds: (n: number) => {
      failRefunds = n
    },
    /** The next n refunds are made but their answer is lost (504). */
    loseNextRefundAnswers: (n: number) => {
      loseRefundAnswers = n
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakeRazorpay = Awaited<ReturnType<typeof fakeRazorpay>>

const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex')

function signed(payload: Record<string, unknown>, event: string, secret = RAZORPAY_WEBHOOK_SECRET) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  })
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': sign(body, secret),
      'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}`,
    },
  }
}

/** A webhook as Razorpay sends it for a payment link event (paid: with the payment entity). */
export function linkEvent(
  event: string,
  link: Link,
  paid: { amount?: number; currency?: string; paymentId?: string } = {},
  secret = RAZORPAY_WEBHOOK_SECRET,
) {
  const amount = paid.amount ?? link.amount
  const status = event.replace('payment_link.', '')
  return signed(
    {
      payment_link: { entity: { ...link, status, amount_paid: event === 'payment_link.paid' ? amount : 0 } },
      ...(event === 'payment_link.paid'
        ? {
            payment: {
              entity: {
                id:
                  paid.paymentId ?? link.payments?.[0]?.payment_id ?? `pay_${randomBytes(7).toString('hex')}`,
                amount,
                currency: paid.currency ?? link.currency,
                status: 'captured',
              },
            },
          }
        : {}),
    },
    event,
    secret,
  )
}

/** refund.processed / refund.failed, as Razorpay sends them. */
export function refundEvent(event: 'refund.processed' | 'refund.failed', refund: Refund) {
  return signed(
    {
      refund: { entity: { ...refund, status: event === 'refund.processed' ? 'processed' : 'failed' } },
      payment: { entity: { id: refund.payment_id, status: 'refunded' } },
    },
    event,
  )
}

export type SignedHook = { body: string; headers: Record<string, string> }
