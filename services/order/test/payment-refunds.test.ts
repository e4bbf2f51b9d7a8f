import { startService } from '@medstore/service-kit'
import { until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderService } from '../src/service'
import {
  type FakeRazorpay,
  fakeRazorpay,
  KEY_ID,
  KEY_SECRET,
  linkEvent,
  RAZORPAY_WEBHOOK_SECRET,
  refundEvent,
  type SignedHook,
} from './fake-razorpay'
import { apiClient, shipping, startWorld, type World } from './helpers'

/**
 * Money going back, links that lapse, and webhooks that come late or never, against a local Razorpay
 * (fake-razorpay.ts) with the real catalogue, PostgreSQL and RabbitMQ. The status check runs every 250 ms
 * for links older than 3 s, so a lost webhook is made good within a few seconds.
 */
const RAZORPAY_ENV = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  PAYMENT_STATUS_CHECK_MINUTES: '0.05',
  PAYMENT_SWEEP_INTERVAL_MS: '250',
}

let razorpay: FakeRazorpay
let w: World
let asha: string

beforeAll(async () => {
  razorpay = await fakeRazorpay()
  w = await startWorld({ ...RAZORPAY_ENV, RAZORPAY_BASE_URL: razorpay.url })
  asha = w.issuer.customer()
})
afterAll(async () => {
  await w?.close()
  await razorpay?.close()
})

type Line = { productId: string; quantity: number }

async function onlineOrder(lines: Line[]) {
  const res = await w.api('POST', '/order', {
    token: asha,
    json: { items: lines, shippingInfo: shipping(), paymentType: 'online' },
  })
  expect(res.status).toBe(201)
  return res.body.order as { _id: string; number: string; items: { _id: string }[] }
}

const deliver = (hook: SignedHook, base = w.order.url) =>
  fetch(`${base}/order/payment/razorpay/webhook`, {
    method: 'POST',
    headers: hook.headers,
    body: hook.body,
  }).then(async (r) => ({ status: r.status, body: await r.json() }))

const stored = (orderId: string) =>
  w.order.db.order.findUniqueOrThrow({ where: { id: orderId }, include: { refunds: true } })

/** Places an online order and pays it on Razorpay, the webhook arriving. */
async function paidOrder(lines: Line[]) {
  const order = await onlineOrder(lines)
  const link = razorpay.linkOf(order.number)
  const payment = razorpay.pay(link)
  expect((await deliver(linkEvent('payment_link.paid', link))).status).toBe(200)
  const saved = await stored(order._id)
  expect(saved).toMatchObject({ paymentStatus: 'paid', paymentId: payment.id, paidPaise: link.amount })
  return { order, link, payment }
}

const refundsOf = (paymentId: string) => razorpay.refunds.filter((r) => r.payment_id === paymentId)

describe('refunds', () => {
  it('refunds a paid order the pharmacist cancels, and settles it on refund.processed', async () => {
    const p = await w.product({ price: 120 })
    const { order, payment } = await paidOrder([{ productId: p, quantity: 2 }])
    const res = await w.api('PUT', `/order?orderId=${order._id}`, {
      token: w.admin,
      json: { status: 'cancelled' },
    })
    expect(res.status).toBe(200)
    expect(res.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' })
    expect(res.body.order.refunds).toEqual([
      {
        _id: `order_${order._id}`,
        itemId: null,
        amount: 240,
        status: 'pending',
        createdAt: expect.any(String),
      },
    ])
    await until(() => refundsOf(payment.id).length === 1)
    const [refund] = refundsOf(payment.id)
    expect(refund).toMatchObject({
      amount: 24_000,
      notes: { orderId: order._id, refundId: `order_${order._id}` },
    })
    expect(razorpay.refundRequests.at(-1)!.key).toBe(`order_${order._id}`)
    await until(async () => (await stored(order._id)).refunds[0]?.providerRefundId === refund!.id)

    expect((await deliver(refundEvent('refund.processed', refund!))).body.result).toBe('applied')
    const settled = await stored(order._id)
    expect(settled.paymentStatus).toBe('refunded')
    expect(settled.refunds[0]!.status).toBe('processed')
    await w.events.until((events) =>
      events.some(
        (e) =>
          e.type === 'order.refund_changed' &&
          (e.data as { orderId: string }).orderId === order._id &&
          (e.data as { status: string }).status === 'processed',
      ),
    )
  })

  it('refunds a cancelled item of a paid order for that item only', async () => {
    const [a, b] = [await w.product({ price: 100 }), await w.product({ price: 50 })]
    const { order, payment } = await paidOrder([
      { productId: a, quantity: 2 },
      { productId: b, quantity: 1 },
    ])
    const item = order.items[1]!
    const res = await w.api('PUT', `/order/item?orderId=${order._id}&itemId=${item._id}`, {
      token: w.admin,
      json: { status: 'cancelled' },
    })
    expect(res.status).toBe(200)
    // The order goes on, paid; the refund is the item's 1 × ₹50.
    expect(res.body.order).toMatchObject({ status: 'pending', paymentStatus: 'paid' })
    expect(res.body.order.refunds).toMatchObject([{ itemId: item._id, amount: 50, status: 'pending' }])
    await until(() => refundsOf(payment.id).length === 1)
    expect(refundsOf(payment.id)[0]!.amount).toBe(5_000)

    // Cancelling the rest later refunds what is left, not the item again.
    await w.api('PUT', `/order?orderId=${order._id}`, { token: w.admin, json: { status: 'cancelled' } })
    await until(() => refundsOf(payment.id).length === 2)
    expect(refundsOf(payment.id).map((r) => r.amount)).toEqual([5_000, 20_000])
    expect((await stored(order._id)).paymentStatus).toBe('refund_pending')
  })

  it('cancels the link of an unpaid order first, and refunds a payment that arrives after the cancellation', async () => {
    const p = await w.product({ price: 80 })
    const order = await onlineOrder([{ productId: p, quantity: 1 }])
    const link = razorpay.linkOf(order.number)
    expect((await w.api('POST', `/order/cancel?orderId=${order._id}`, { token: asha })).status).toBe(200)
    expect(link.status).toBe('cancelled')

    // A payment that got through anyway (a race on Razorpay's page).
    const payment = razorpay.pay(link)
    expect((await deliver(linkEvent('payment_link.paid', link))).body.result).toBe('applied')
    const saved = await stored(order._id)
    expect(saved).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_pending',
      paymentId: payment.id,
    })
    await until(() => refundsOf(payment.id).length === 1)
    expect(refundsOf(payment.id)[0]!.amount).toBe(8_000)
  })

  it('marks a refund Razorpay could not make as refund_failed (for a person)', async () => {
    const p = await w.product({ price: 60 })
    const { order, payment } = await paidOrder([{ productId: p, quantity: 1 }])
    await w.api('POST', `/order/cancel?orderId=${order._id}`, { token: asha })
    await until(() => refundsOf(payment.id).length === 1)
    await until(async () => (await stored(order._id)).refunds[0]?.providerRefundId)
    expect((await deliver(refundEvent('refund.failed', refundsOf(payment.id)[0]!))).body.result).toBe(
      'applied',
    )
    expect((await stored(order._id)).paymentStatus).toBe('refund_failed')
  })
})

describe('payment checks', () => {
  it('never marks an order paid with another amount or currency, and parks the event', async () => {
    const p = await w.product({ price: 249.5 })
    const order = await onlineOrder([{ productId: p, quantity: 2 }])
    const link = razorpay.linkOf(order.number)
    for (const paid of [{ amount: 100 }, { currency: 'USD' }]) {
      const res = await deliver(linkEvent('payment_link.paid', link, paid))
      expect(res.body.result).toBe('parked')
    }
    expect((await stored(order._id)).paymentStatus).toBe('pending')
    const parked = await w.order.db.paymentReview.findMany({ where: { orderId: order._id } })
    expect(parked.map((r) => r.reason).sort()).toEqual([
      'paid 100 paise, the order totals 49900',
      'paid in USD, the order is in INR',
    ])
  })

  it('replaces a late webhook by asking Razorpay, once', async () => {
    const p = await w.product({ price: 90 })
    const order = await onlineOrder([{ productId: p, quantity: 1 }])
    const link = razorpay.linkOf(order.number)
    const payment = razorpay.pay(link) // …and no webhook comes
    await until(async () => (await stored(order._id)).paymentStatus === 'paid', 20_000)
    expect(await stored(order._id)).toMatchObject({ paymentId: payment.id, paidPaise: 9_000 })
    const checks = await w.order.db.paymentEvent.findMany({ where: { orderId: order._id } })
    expect(checks.map((c) => c.id)).toEqual([`razorpay:status-check:${link.id}:paid`])
    // The webhook, when it finally comes, changes nothing more.
    expect((await deliver(linkEvent('payment_link.paid', link))).body.result).toBe('unchanged')
  })

  it('cancels the order and gives the stock back when the link expires', async () => {
    const p = await w.product({ stock: 6 })
    const order = await onlineOrder([{ productId: p, quantity: 2 }])
    expect(await w.stockOf(p)).toBe(4)
    const link = razorpay.linkOf(order.number)
    expect((await deliver(linkEvent('payment_link.expired', link))).body.result).toBe('applied')
    expect(await stored(order._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' })
    await until(async () => (await w.stockOf(p)) === 6)
  })

  it('lapses an order whose expiry passed without a webhook: the link is cancelled, the stock given back', async () => {
    const p = await w.product({ stock: 5 })
    const order = await onlineOrder([{ productId: p, quantity: 3 }])
    expect(await w.stockOf(p)).toBe(2)
    await w.order.db.order.update({
      where: { id: order._id },
      data: { paymentExpiresAt: new Date(Date.now() - 1_000), paymentCheckedAt: null },
    })
    await until(async () => (await stored(order._id)).status === 'cancelled', 20_000)
    expect(razorpay.linkOf(order.number).status).toBe('cancelled')
    await until(async () => (await w.stockOf(p)) === 5)
  })
})

describe('a refund across a restart', () => {
  it('refunds a paid order the customer cancels once, however often the cancel and the refund are retried', async () => {
    const p = await w.product({ price: 150 })
    const { order, payment } = await paidOrder([{ productId: p, quantity: 1 }])
    // Razorpay makes the refund but its answer is lost: the job retries it after the restart.
    razorpay.loseNextRefundAnswers(1)
    const cancels = await Promise.all(
      [1, 2].map(() => w.api('POST', `/order/cancel?orderId=${order._id}`, { token: asha })),
    )
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409])
    await until(() => razorpay.refundRequests.some((r) => r.key === `order_${order._id}`))

    await w.order.stop()
    const again = await startService(orderService, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: w.order.database.url,
      DATABASE_POOL_SIZE: '3',
      AMQP_URL: w.order.config.AMQP_URL,
      BUS_NAMESPACE: w.order.config.BUS_NAMESPACE,
      JWKS_URL: w.order.config.JWKS_URL,
      CATALOGUE_URL: w.order.config.CATALOGUE_URL,
      PUBLIC_API_URL: w.order.config.PUBLIC_API_URL,
      SHELL_URL: w.order.config.SHELL_URL,
      RAZORPAY_BASE_URL: razorpay.url,
      ...RAZORPAY_ENV,
    })
    try {
      const retried = await apiClient(again.url)('POST', `/order/cancel?orderId=${order._id}`, {
        token: asha,
      })
      expect(retried.status).toBe(409)
      await until(
        async () =>
          (await again.db.refund.findUniqueOrThrow({ where: { id: `order_${order._id}` } })).providerRefundId,
        30_000,
      )
      expect(razorpay.refundRequests.filter((r) => r.key === `order_${order._id}`).length).toBeGreaterThan(1)
      expect(refundsOf(payment.id)).toHaveLength(1)
      expect(refundsOf(payment.id)[0]!.amount).toBe(15_000)
      const refund = await again.db.refund.findUniqueOrThrow({ where: { id: `order_${order._id}` } })
      expect(refund.providerRefundId).toBe(refundsOf(payment.id)[0]!.id)
      expect(await again.db.refund.count({ where: { orderId: order._id } })).toBe(1)
    } finally {
      await again.stop()
    }
  })
})
