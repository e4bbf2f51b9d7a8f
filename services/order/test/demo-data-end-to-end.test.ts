import { startTestService, type TestService, until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { IdentityConfig } from '../../identity/src/config'
import type { Db as IdentityDb } from '../../identity/src/data/db'
import { identityService } from '../../identity/src/service'
import { startWorld, type World } from './helpers'

/**
 * The demo data as `npm start` makes it: identity seeds its demo customers, their user.registered events
 * feed the order service's customer replica over the real bus, and the order service then seeds demo orders
 * for exactly those customers. The dashboard counts them on the days they registered.
 */
const DAY = 24 * 60 * 60 * 1000
let w: World
let identity: TestService<IdentityDb, IdentityConfig>

beforeAll(async () => {
  w = await startWorld({ SEED_DEMO_DATA: 'true' })
  for (const price of [99, 240, 575.25]) await w.product({ price })
  identity = (await startTestService(identityService, { SEED_DEMO_DATA: 'true' })) as typeof identity
  await until(async () => (await w.order.db.order.count()) > 0, 90_000)
}, 150_000)
afterAll(async () => {
  await identity?.close()
  await w?.close()
})

it('gives every demo customer of identity, and only them, the demo orders', async () => {
  const customers = await identity.db.user.findMany({ where: { isAdmin: false } })
  expect(customers).toHaveLength(25)
  const ids = new Set(customers.map((c) => c.id))
  const orders = await w.order.db.order.findMany({ select: { userId: true, createdAt: true } })
  expect(orders).toHaveLength(150)
  for (const o of orders) expect(ids.has(o.userId)).toBe(true)
  // Nobody ordered before they registered.
  const registered = new Map(customers.map((c) => [c.id, c.createdAt.getTime()]))
  for (const o of orders) expect(o.createdAt.getTime()).toBeGreaterThan(registered.get(o.userId)!)

  const { body: stats } = await w.api('GET', '/order/statistics', { token: w.admin })
  // The last window starts at 00:00 IST 29 days before today; the one before it 30 days earlier.
  const todayInIndia = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)
  const lastStart = new Date(`${todayInIndia}T00:00:00+05:30`).getTime() - 29 * DAY
  const previousStart = lastStart - 30 * DAY
  const at = customers.map((c) => c.createdAt.getTime())
  expect(stats.newCustomers.last30).toBe(at.filter((t) => t >= lastStart).length)
  expect(stats.newCustomers.previous30).toBe(at.filter((t) => t >= previousStart && t < lastStart).length)
  expect(stats.newCustomers.last30).toBeGreaterThan(0)
  expect(stats.newCustomers.previous30).toBeGreaterThan(0)
  expect(stats.recentCustomers.every((c: { email: string }) => c.email.endsWith('@demo.example.com'))).toBe(
    true,
  )
})
