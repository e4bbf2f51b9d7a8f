import { DEMO_EMAIL_DOMAIN } from '@medstore/contracts/demo'
import { ConfigError, loadConfig } from '@medstore/service-kit'
import { testPublisher, until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEnv } from '../src/config'
import { seedDemoOrders } from '../src/use-cases/demo-orders'
import { PRODUCTION_SELLER, startWorld, type World } from './helpers'

const DAY = 24 * 60 * 60 * 1000
let w: World
const demoIds = Array.from({ length: 6 }, (_, i) => `demo-${i}`)
const prices = [120, 349.5, 89, 1250]
const productIds: string[] = []

beforeAll(async () => {
  w = await startWorld({ SEED_DEMO_DATA: 'true' })
  for (const price of prices) productIds.push(await w.product({ price, stock: 40 }))
  const publisher = await testPublisher(w.order)
  for (const [i, id] of demoIds.entries())
    await publisher.publish(
      'user.registered',
      { userId: id, userName: id, email: `${id}@${DEMO_EMAIL_DOMAIN}`, name: `Demo Customer ${i}` },
      new Date(Date.now() - (10 + i * 12) * DAY),
    )
  // A real customer: never given demo orders.
  await publisher.publish(
    'user.registered',
    { userId: 'real-1', userName: 'real', email: 'real@example.in', name: 'Real Person' },
    new Date(Date.now() - 80 * DAY),
  )
  await publisher.close()
  // The background seeder waits for both replicas to settle, then seeds once.
  await until(async () => (await w.order.db.order.count()) > 0, 60_000)
}, 120_000)
afterAll(async () => w?.close())

describe('demo orders at start (SEED_DEMO_DATA)', () => {
  it('seeds 150 orders for the demo customers only, spread over the last 60 days', async () => {
    const orders = await w.order.db.order.findMany({ include: { items: true } })
    expect(orders).toHaveLength(150)
    for (const o of orders) expect(demoIds).toContain(o.userId)
    const ages = orders.map((o) => (Date.now() - o.createdAt.getTime()) / DAY)
    expect(Math.max(...ages)).toBeLessThanOrEqual(60)
    expect(Math.max(...ages)).toBeGreaterThan(30)
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']),
    )
  })

  it('prices them from the catalogue as real orders are, and moves the items with the order', async () => {
    const orders = await w.order.db.order.findMany({ include: { items: true } })
    const priceOf = new Map(productIds.map((id, i) => [id, Math.round(prices[i]! * 100)]))
    for (const o of orders) {
      expect(o.totalPaise).toBe(o.items.reduce((sum, i) => sum + i.unitPricePaise * i.quantity, 0))
      for (const item of o.items) {
        expect(item.unitPricePaise).toBe(priceOf.get(item.productId))
        expect(item.status).toBe(o.status)
      }
      expect(o.number).toMatch(/^MS-\d{6}$/)
      if (o.paymentType === 'cash')
        expect(o.paymentStatus).toBe(o.status === 'delivered' ? 'paid' : 'pending')
    }
  })

  it('takes no stock from the catalogue and publishes no order events', async () => {
    for (const id of productIds) expect(await w.stockOf(id)).toBe(40)
    expect(w.events.ofType('order.created')).toEqual([])
  })

  it('fills the dashboard and the order lists', async () => {
    const stats = await w.api('GET', '/order/statistics', { token: w.admin })
    expect(stats.body.revenue.last30).toBeGreaterThan(0)
    expect(stats.body.orders.last30 + stats.body.orders.previous30).toBeGreaterThan(100)
    expect(stats.body.today.orders).toBeGreaterThan(0)
    expect(stats.body.recentCustomers.length).toBe(5)
    const page = await w.api('GET', '/order?page=1&limit=5', { token: w.admin })
    expect(page.body.orders).toHaveLength(5)
    expect(page.body.total).toBe(150)
    const someone = page.body.orders[0].userId as string
    const mine = await w.api('GET', '/order/user-order', { token: w.issuer.tokenFor({ id: someone }) })
    expect(mine.body.orders.length).toBeGreaterThan(0)
    expect(mine.body.orders.every((o: { userId: string }) => o.userId === someone)).toBe(true)
  })

  it('does nothing once there are orders', async () => {
    expect(await seedDemoOrders(w.order.db)).toEqual({ skipped: 'orders exist' })
    expect(await w.order.db.order.count()).toBe(150)
  })
})

describe('the switch', () => {
  const base = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', AMQP_URL: 'amqp://127.0.0.1' }
  const production = {
    ...base,
    ...PRODUCTION_SELLER,
    NODE_ENV: 'production',
    PAYMENT_WEBHOOK_SECRET: 'a-production-webhook-secret',
    CATALOGUE_INTERNAL_TOKEN: 'a-production-internal-secret-0123456789',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_0123456789abcd',
    RAZORPAY_KEY_SECRET: 'a-production-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'a-production-razorpay-webhook-secret',
  }

  it('is off unless asked for, and refused in production', () => {
    expect(loadConfig(orderEnv, base).SEED_DEMO_DATA).toBe(false)
    expect(() => loadConfig(orderEnv, production)).not.toThrow()
    expect(() => loadConfig(orderEnv, { ...production, SEED_DEMO_DATA: 'true' })).toThrow(ConfigError)
    expect(() => loadConfig(orderEnv, { ...production, SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA/)
  })
})
