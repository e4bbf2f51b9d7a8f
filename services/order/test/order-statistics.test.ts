import { orderStatisticsResponse } from '@medstore/contracts/order-statistics'
import { testPublisher, until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indianDay } from '../src/domain/statistics'
import { shipping, startWorld, type World } from './helpers'

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY)

let w: World
let publisher: Awaited<ReturnType<typeof testPublisher>>
const ids: Record<string, string> = {}

async function order(user: string, name: string, productId: string, quantity: number, placedAt?: Date) {
  const token = w.issuer.tokenFor({ id: user, name })
  const res = await w.api('POST', '/order', {
    token,
    json: {
      items: [{ productId, quantity }],
      shippingInfo: shipping({ customerName: name }),
      paymentType: 'cash',
    },
  })
  if (res.status !== 201) throw new Error(`order not placed: ${res.status} ${res.text}`)
  const id = res.body.order._id as string
  // Backdating is the one thing the API cannot do: the windows are about when orders were placed.
  if (placedAt) await w.order.db.order.update({ where: { id }, data: { createdAt: placedAt } })
  return id
}

beforeAll(async () => {
  w = await startWorld()
  publisher = await testPublisher(w.order)
  const registered = (userId: string, name: string, at: Date) =>
    publisher.publish(
      'user.registered',
      { userId, userName: userId, email: `${userId}@example.in`, name },
      at,
    )
  await registered('user-a', 'Asha Rao', daysAgo(2))
  await registered('user-b', 'Bala Iyer', daysAgo(40))
  await registered('user-d', 'Dev Shah', daysAgo(100))
  await until(async () => (await w.order.db.customer.count()) === 3)

  const p = await w.product({ price: 100 })
  ids.old = await order('user-b', 'Bala Iyer', p, 1, daysAgo(70))
  ids.previous = await order('user-b', 'Bala Iyer', p, 3, daysAgo(40))
  ids.fiveDaysAgo = await order('user-a', 'Asha Rao', p, 2, daysAgo(5))
  ids.today = await order('user-a', 'Asha Rao', p, 1)
  ids.cancelled = await order('user-c', 'Chitra Nair', p, 4)
  const cancel = await w.api('PUT', `/order?orderId=${ids.cancelled}`, {
    token: w.admin,
    json: { status: 'cancelled' },
  })
  expect(cancel.status).toBe(200)
})
afterAll(async () => {
  await publisher?.close()
  await w?.close()
})

describe('GET /order/statistics', () => {
  it('is for administrators only', async () => {
    expect((await w.api('GET', '/order/statistics')).status).toBe(401)
    const customer = await w.api('GET', '/order/statistics', { token: w.issuer.customer() })
    expect(customer.status).toBe(403)
  })

  it('compares the last 30 days with the 30 before, leaving cancelled orders out', async () => {
    const res = await w.api('GET', '/order/statistics', { token: w.admin })
    expect(res.status).toBe(200)
    const stats = orderStatisticsResponse.parse(res.body)
    expect(stats.revenue).toEqual({ last30: 300, previous30: 300, changePercent: 0 })
    expect(stats.orders).toEqual({ last30: 2, previous30: 1, changePercent: 100 })
    expect(stats.newCustomers).toEqual({ last30: 1, previous30: 1, changePercent: 0 })
    expect(stats.today).toEqual({ orders: 1, income: 100 })
  })

  it('gives the revenue of each of the last 30 Indian days, zero-filled, today last', async () => {
    const { body } = await w.api('GET', '/order/statistics', { token: w.admin })
    const days = body.dailyRevenue as { day: string; revenue: number }[]
    expect(days).toHaveLength(30)
    expect(days.at(-1)).toEqual({ day: indianDay(new Date()), revenue: 100 })
    expect(days.find((d) => d.day === indianDay(daysAgo(5)))?.revenue).toBe(200)
    expect(days.reduce((sum, d) => sum + d.revenue, 0)).toBe(300)
    expect(days.filter((d) => d.revenue === 0)).toHaveLength(28)
    expect([...days].sort((a, b) => a.day.localeCompare(b.day))).toEqual(days)
  })

  it('lists the customers who ordered last, with their names, e-mails and totals', async () => {
    const { body } = await w.api('GET', '/order/statistics', { token: w.admin })
    expect(body.recentCustomers).toEqual([
      // Not heard of by the replica: the name on the order, no e-mail; the cancelled order counts for nothing.
      { userId: 'user-c', name: 'Chitra Nair', email: null, spent: 0, orders: 0 },
      { userId: 'user-a', name: 'Asha Rao', email: 'user-a@example.in', spent: 300, orders: 2 },
      { userId: 'user-b', name: 'Bala Iyer', email: 'user-b@example.in', spent: 400, orders: 2 },
    ])
  })

  it('takes a repeated user.registered as an update, keeping the first registration date', async () => {
    const before = await w.order.db.customer.findUniqueOrThrow({ where: { id: 'user-a' } })
    await publisher.publish(
      'user.registered',
      { userId: 'user-a', userName: 'user-a', email: 'asha@example.in', name: 'Asha R' },
      new Date(),
    )
    const after = await until(async () => {
      const c = await w.order.db.customer.findUniqueOrThrow({ where: { id: 'user-a' } })
      return c.email === 'asha@example.in' && c
    })
    expect(after.registeredAt).toEqual(before.registeredAt)
    expect(await w.order.db.customer.count()).toBe(3)
  })

  it('does not count the administrator as a new customer', async () => {
    const before = (await w.api('GET', '/order/statistics', { token: w.admin })).body.newCustomers
    await publisher.publish(
      'user.registered',
      {
        userId: 'admin-1',
        userName: 'pharmacist',
        email: 'pharmacist@example.in',
        name: 'Pharmacist',
        isAdmin: true,
      },
      new Date(),
    )
    // A customer published after it: once that one is in, the administrator's event has been handled too.
    await publisher.publish(
      'user.registered',
      { userId: 'user-e', userName: 'user-e', email: 'user-e@example.in', name: 'Esha Pal', isAdmin: false },
      new Date(),
    )
    await until(async () => (await w.order.db.customer.count({ where: { id: 'user-e' } })) === 1)
    expect(await w.order.db.customer.count({ where: { id: 'admin-1' } })).toBe(0)
    const after = (await w.api('GET', '/order/statistics', { token: w.admin })).body.newCustomers
    // Esha counts; the administrator, registered at the same moment, does not.
    expect(after.last30).toBe(before.last30 + 1)
  })
})
