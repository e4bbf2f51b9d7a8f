import { shippingInfo } from '@medstore/contracts/order'
import { describe, expect, it } from 'vitest'
import { DEMO_DAYS, planDemoOrders, seededRandom, walkSteps } from '../../src/domain/demo-orders'
import { indianDayRange } from '../../src/domain/list-filters'
import { indianDay } from '../../src/domain/statistics'

const DAY = 24 * 60 * 60 * 1000
const now = new Date('2026-11-23T06:30:00Z')
const customers = Array.from({ length: 25 }, (_, i) => ({
  id: `c${i}`,
  name: `Customer ${i}`,
  registeredAt: new Date(now.getTime() - (3 + i * 3.5) * DAY),
}))
const productIds = Array.from({ length: 12 }, (_, i) => `p${i}`)
const plan = (seed = 7) =>
  planDemoOrders({
    now,
    todayStart: indianDayRange(indianDay(now)).from,
    customers,
    productIds,
    random: seededRandom(seed),
  })

describe('demo orders (pure)', () => {
  const plans = plan()

  it('are 150, oldest first, within the last 60 days, some of them today', () => {
    expect(plans).toHaveLength(150)
    const times = plans.map((p) => p.placedAt.getTime())
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - DEMO_DAYS * DAY)
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime())
    expect(plans.filter((p) => indianDay(p.placedAt) === indianDay(now)).length).toBeGreaterThanOrEqual(4)
  })

  it('are placed by customers after they registered, with 1–3 distinct products of 1–3 units', () => {
    for (const p of plans) {
      const customer = customers.find((c) => c.id === p.userId)!
      expect(p.placedAt.getTime()).toBeGreaterThan(customer.registeredAt.getTime())
      expect(p.customerName).toBe(customer.name)
      expect(p.items.length).toBeGreaterThanOrEqual(1)
      expect(p.items.length).toBeLessThanOrEqual(3)
      expect(new Set(p.items.map((i) => i.productId)).size).toBe(p.items.length)
      for (const i of p.items) expect([1, 2, 3]).toContain(i.quantity)
      expect(() => shippingInfo.parse(p.shippingInfo)).not.toThrow()
      expect(p.updatedAt.getTime()).toBeGreaterThanOrEqual(p.placedAt.getTime())
      expect(p.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime())
    }
    expect(new Set(plans.map((p) => p.userId)).size).toBeGreaterThan(15)
  })

  it('reach every status through legal steps, older orders mostly delivered', () => {
    const statuses = plans.map((p) => walkSteps(p.steps, p.items.length))
    expect(new Set(statuses)).toEqual(new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']))
    const old = plans.filter((p) => now.getTime() - p.placedAt.getTime() > 10 * DAY)
    const delivered = old.filter((p) => walkSteps(p.steps, p.items.length) === 'delivered')
    expect(delivered.length / old.length).toBeGreaterThan(0.7)
    const cancelled = statuses.filter((s) => s === 'cancelled').length
    expect(cancelled).toBeGreaterThan(3)
    expect(cancelled).toBeLessThan(35)
    // Today's orders have not been delivered yet.
    for (const p of plans.filter((p) => now.getTime() - p.placedAt.getTime() < DAY))
      expect(['pending', 'processing', 'cancelled']).toContain(walkSteps(p.steps, p.items.length))
  })

  it('are the same for the same seed, and none without customers or products', () => {
    expect(plan(7)).toEqual(plans)
    expect(plan(8)).not.toEqual(plans)
    const none = { now, todayStart: now, random: seededRandom(1) }
    expect(planDemoOrders({ ...none, customers: [], productIds })).toEqual([])
    expect(planDemoOrders({ ...none, customers, productIds: [] })).toEqual([])
  })

  it('refuses a step the life cycle does not allow', () => {
    expect(walkSteps(['processing', 'shipped', 'delivered'], 2)).toBe('delivered')
    expect(() => walkSteps(['shipped', 'cancelled'], 1)).toThrow(/refused/)
  })
})
