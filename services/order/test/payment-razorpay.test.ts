import { loadConfig, startService } from '@medstore/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEnv } from '../src/config'
import { orderService } from '../src/service'
import {
  type FakeRazorpay,
  fakeRazorpay,
  KEY_ID,
  KEY_SECRET,
  linkEvent,
  RAZORPAY_WEBHOOK_SECRET,
} from './fake-razorpay'
import { PRODUCTION_SELLER, SHELL_URL, shipping, startWorld, type World } from './helpers'

let razorpay: FakeRazorpay
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
    // Payable for PAYMENT_LINK_EXPIRY_MINUTES (30 by default), then the order lapses.
    expect(link.expire_by * 1000 - Date.now()).toBeGreaterThan(29 * 60_000)
    expect(link.expire_by * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000)
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
    const forged = linkEvent('payment_link.paid', link, {}, 'guessed-secret')
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

  it('fails the payment of an expired link', async () => {
    const { order } = (await onlineOrder()).body
    const link = razorpay.links.find((l) => l.reference_id === order.number)!
    expect((await deliver(linkEvent('payment_link.expired', link))).body.result).toBe('applied')
    expect(await paymentStatus(order._id)).toBe('failed')
  })

  it('serves no sandbox page or sandbox webhook when Razorpay is the provider', async () => {
    const { order } = (await onlineOrder()).body
    expect((await w.api('GET', `/order/payment/${order._id}`)).status).toBe(404)
    const res = await w.api('POST', '/order/payment/webhook', {
      json: { id: 'sbx_1', orderId: order._id, outcome: 'paid', amount: 49_900, currency: 'INR' },
    })
    expect(res.status).toBe(404)
    expect(await paymentStatus(order._id)).toBe('pending')
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
  const production = {
    ...base,
    ...PRODUCTION_SELLER,
    NODE_ENV: 'production',
    PAYMENT_WEBHOOK_SECRET: 'a-production-secret-1234',
    CATALOGUE_INTERNAL_TOKEN: 'an-internal-token-for-tests-0123456789',
  }
  const razorpayKeys = { RAZORPAY_KEY_SECRET: 'live-secret', RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret' }

  it('refuses to start in production with the sandbox, unless told it is a demo', async () => {
    expect(() => loadConfig(orderEnv, production)).toThrow(
      /PAYMENT_PROVIDER is sandbox, which takes no money/,
    )
    // The service itself refuses before touching anything.
    await expect(startService(orderService, production)).rejects.toThrow(/PAYMENT_PROVIDER is sandbox/)
    expect(loadConfig(orderEnv, { ...production, ALLOW_SANDBOX_PAYMENTS: 'true' }).PAYMENT_PROVIDER).toBe(
      'sandbox',
    )
  })

  it("refuses to start in production with Razorpay's test-mode keys", () => {
    const razorpay = { ...production, ...razorpayKeys, PAYMENT_PROVIDER: 'razorpay' }
    expect(() => loadConfig(orderEnv, { ...razorpay, RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag' })).toThrow(
      /RAZORPAY_KEY_ID is a test-mode key/,
    )
    expect(
      loadConfig(orderEnv, { ...razorpay, RAZORPAY_KEY_ID: 'rzp_live_1DP5mmOlF5G5ag' }).PAYMENT_PROVIDER,
    ).toBe('razorpay')
    // Outside production test keys are what one uses.
    expect(
      loadConfig(orderEnv, {
        ...base,
        ...razorpayKeys,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
      }).RAZORPAY_KEY_ID,
    ).toBe(KEY_ID)
  })

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
