import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '@medstore/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEnv } from '../src/config'
import { SHELL_URL, shipping, startWorld, type World } from './helpers'

const KEY_ID = 'rzp_test_medstore'
const KEY_SECRET = 'key-secret-for-tests'
const RAZORPAY_WEBHOOK_SECRET = 'razorpay-webhook-secret-for-tests'

type Link = {
  id: string
  short_url: string
  amount: number
  currency: string
  reference_id: string
  notes: Record<string, string>
  callback_url: string
  customer: { name: string; contact: string }
}

/**
 * A local stand-in for Razorpay's Payment Links API as documented: POST /v1/payment_links with basic auth
 * (key_id:key_secret), amount in paise (at least 100), currency, a unique reference_id; answers the link entity.
 */
async function fakeRazorpay() {
  const links: Link[] = []
  let failing = false
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
        reply(status, { error: { code: status === 401 ? 'BAD_REQUEST_ERROR' : 'SERVER_ERROR', description } })
      if (req.method !== 'POST' || req.url !== '/v1/payment_links')
        return error(404, 'The requested URL was not found')
      const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`
      if (req.headers.authorization !== expected) return error(401, 'Authentication failed')
      if (failing) return error(500, 'We are facing some trouble completing your request at the moment')
      const body = JSON.parse(raw)
      if (!Number.isInteger(body.amount) || body.amount < 100)
        return error(400, 'The amount must be atleast INR 1.00')
      if (body.currency !== 'INR') return error(400, 'The currency provided is invalid')
      if (links.some((l) => l.reference_id === body.reference_id))
        return error(400, `Payment Link with reference ${body.reference_id} already exists`)
      const id = `plink_${randomBytes(7).toString('hex')}`
      const link: Link = { ...body, id, short_url: `https://rzp.io/i/${id.slice(6, 14)}` }
      links.push(link)
      reply(200, {
        ...link,
        status: 'created',
        amount_paid: 0,
        payments: null,
        created_at: Math.floor(Date.now() / 1000),
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    links,
    setFailing: (value: boolean) => {
      failing = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A webhook as Razorpay sends it for a payment link event, signed with the webhook secret. */
function linkEvent(event: string, link: Link, amountPaid = link.amount, secret = RAZORPAY_WEBHOOK_SECRET) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          ...link,
          status: event === 'payment_link.paid' ? 'paid' : 'expired',
          amount_paid: amountPaid,
        },
      },
      payment: {
        entity: {
          id: `pay_${randomBytes(7).toString('hex')}`,
          amount: amountPaid,
          currency: 'INR',
          status: 'captured',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  })
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
      'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}`,
    },
  }
}

let razorpay: Awaited<ReturnType<typeof fakeRazorpay>>
let w: World
let asha: string

beforeAll(async () => {
  razorpay = await fakeRazorpay()
  w = await startWorld({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_BASE_URL: razorpay.url,
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET,
  })
  asha = w.issuer.customer()
})
afterAll(async () => {
  await w?.close()
  await razorpay?.close()
})

async function onlineOrder(productId?: string) {
  const p = productId ?? (await w.product({ price: 249.5 }))
  return w.api('POST', '/order', {
    token: asha,
    json: { items: [{ productId: p, quantity: 2 }], shippingInfo: shipping(), paymentType: 'online' },
  })
}

const deliver = (hook: { body: string; headers: Record<string, string> }) =>
  fetch(`${w.order.url}/order/payment/razorpay/webhook`, {
    method: 'POST',
    headers: hook.headers,
    body: hook.body,
  }).then(async (r) => ({ status: r.status, body: await r.json() }))

const paymentStatus = async (orderId: string) =>
  (await w.order.db.order.findUniqueOrThrow({ where: { id: orderId } })).paymentStatus

describe('Razorpay payment links', () => {
  it('creates a payment link in paise, INR, referenced by the order number, returning to the shop', async () => {
    const res = await onlineOrder()
    expect(res.status).toBe(201)
    const { order, paymentLinkUrl } = res.body
    const link = razorpay.links.at(-1)!
    expect(link).toMatchObject({
      amount: 49_900,
      currency: 'INR',
      reference_id: order.number,
      notes: { orderId: order._id },
      callback_url: `${SHELL_URL}/checkout/confirmation?orderId=${order._id}`,
      customer: { name: 'Asha Rao', contact: '+919876543210' },
    })
    expect(paymentLinkUrl).toBe(link.short_url)
    expect(order.paymentLinkUrl).toBe(link.short_url)
  })

  it('marks the order paid on payment_link.paid, once per event id', async () => {
    const { order } = (await onlineOrder()).body
    const link = razorpay.links.find((l) => l.reference_id === order.number)!
    const hook = linkEvent('payment_link.paid', link)
    expect(await deliver(hook)).toEqual({ status: 200, body: { received: true, result: 'applied' } })
    expect(await paymentStatus(order._id)).toBe('paid')
    expect((await deliver(hook)).body.result).toBe('duplicate')
  })

  it('applies a replayed body once even under a new event id (the id header is not signed)', async () => {
    const { order } = (await onlineOrder()).body
    const link = razorpay.links.find((l) => l.reference_id === order.number)!
    const expired = linkEvent('payment_link.expired', link)
    expect((await deliver(expired)).body.result).toBe('applied')
    expect(await paymentStatus(order._id)).toBe('failed')
    const replay = {
      ...expired,
      headers: { ...expired.headers, 'x-razorpay-event-id': 'evt_replayed_by_someone' },
    }
    expect(await deliver(replay)).toEqual({ status: 200, body: { received: true, result: 'duplicate' } })
    const rows = await w.order.db.paymentEvent.count({ where: { orderId: order._id } })
    expect(await deliver(replay)).toEqual({ status: 200, body: { received: true, result: 'duplicate' } })
    expect(await w.order.db.paymentEvent.count({ where: { orderId: order._id } })).toBe(rows)
    expect(await paymentStatus(order._id)).toBe('failed')
  })

  it('rejects a forged signature with 401 and changes nothing', async () => {
    const { order } = (await onlineOrder()).body
    const link = razorpay.links.find((l) => l.reference_id === order.number)!
    const forged = linkEvent('payment_link.paid', link, link.amount, 'guessed-secret')
    const res = await deliver(forged)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Invalid webhook signature', code: 'unauthenticated' })
    const tampered = linkEvent('payment_link.paid', link)
    const res2 = await deliver({
      ...tampered,
      body: tampered.body.replace('"status":"paid"', '"status":"paid" '),
    })
    expect(res2.status).toBe(401)
    expect(await paymentStatus(order._id)).toBe('pending')
  })

  it('does not mark paid when the amount paid is not the order total, and fails an expired link', async () => {
    const { order } = (await onlineOrder()).body
    const link = razorpay.links.find((l) => l.reference_id === order.number)!
    expect((await deliver(linkEvent('payment_link.paid', link, 100))).body.result).toBe('amount-mismatch')
    expect(await paymentStatus(order._id)).toBe('pending')
    expect((await deliver(linkEvent('payment_link.expired', link))).body.result).toBe('applied')
    expect(await paymentStatus(order._id)).toBe('failed')
  })

  it('acknowledges events it has no use for', async () => {
    const { order } = (await onlineOrder()).body
    const link = razorpay.links.find((l) => l.reference_id === order.number)!
    expect((await deliver(linkEvent('payment_link.partially_paid', link))).body.result).toBe('ignored')
  })

  it('places nothing and holds no stock when Razorpay cannot make the link', async () => {
    const p = await w.product({ stock: 6 })
    const before = await w.order.db.order.count()
    razorpay.setFailing(true)
    try {
      const res = await onlineOrder(p)
      expect(res.status).toBe(503)
      expect(res.body.message).toMatch(/Online payment is unavailable right now/)
    } finally {
      razorpay.setFailing(false)
    }
    expect(await w.order.db.order.count()).toBe(before)
    expect(await w.stockOf(p)).toBe(6)
  })
})

describe('payment configuration', () => {
  const base = { DATABASE_URL: 'postgres://x@h/db', AMQP_URL: 'amqp://h' }
  it('needs the Razorpay keys when Razorpay is the provider', () => {
    expect(() => loadConfig(orderEnv, { ...base, PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      'RAZORPAY_KEY_ID is required when PAYMENT_PROVIDER=razorpay',
    )
  })
  it('needs a webhook secret in production', () => {
    expect(() => loadConfig(orderEnv, { ...base, NODE_ENV: 'production' })).toThrow(
      'PAYMENT_WEBHOOK_SECRET is required in production',
    )
    expect(loadConfig(orderEnv, base).PAYMENT_PROVIDER).toBe('sandbox')
  })
})
