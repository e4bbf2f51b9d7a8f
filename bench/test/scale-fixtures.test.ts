import { describe, expect, it } from 'vitest'
import { copyField } from '../fixtures/copy'
import { HEAVY_CUSTOMER_ORDERS, type ScaleOrder, scaleOf, scaleOrders } from '../fixtures/scale-model'

const NOW = Date.parse('2026-12-01T00:00:00Z')
const THREE_YEARS = 3 * 365 * 86_400_000

describe('the scale store', () => {
  for (const size of [10_000, 25_000]) {
    it(`holds ${size.toLocaleString('en-IN')} consistent orders, ${HEAVY_CUSTOMER_ORDERS} of them customer 0's`, () => {
      const scale = scaleOf(size)
      const orders: ScaleOrder[] = [...scaleOrders(scale, NOW)]
      expect(orders).toHaveLength(size)
      expect(orders.filter((o) => o.customer === 0)).toHaveLength(HEAVY_CUSTOMER_ORDERS)
      expect(new Set(orders.map((o) => o.id)).size).toBe(size)
      expect(new Set(orders.flatMap((o) => o.lines.map((l) => l.id))).size).toBe(
        orders.reduce((n, o) => n + o.lines.length, 0),
      )
      let previous = 0
      for (const o of orders) {
        expect(o.seq).toBe(o.index + 1)
        expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(previous)
        expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(NOW - THREE_YEARS)
        expect(o.createdAt.getTime()).toBeLessThanOrEqual(NOW)
        previous = o.createdAt.getTime()
        expect(o.customer).toBeLessThan(scale.customers)
        expect(o.lines.length).toBeGreaterThan(0)
        expect(new Set(o.lines.map((l) => l.productId)).size).toBe(o.lines.length)
        expect(o.lines.map((l) => l.position)).toEqual(o.lines.map((_, i) => i))
        expect(o.totalPaise).toBe(o.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0))
        expect(o.needsPrescription).toBe(o.lines.some((l) => l.schedule === 'H' || l.schedule === 'H1'))
        // Schedule X is not sold online.
        expect(o.lines.some((l) => l.schedule === 'X')).toBe(false)
      }
    })
  }

  it('is the same store every time (each service regenerates it)', () => {
    const first = [...scaleOrders(scaleOf(2_000), NOW)]
    const second = [...scaleOrders(scaleOf(2_000), NOW)]
    expect(second).toEqual(first)
  })
})

describe('COPY text fields', () => {
  it('escapes what would end a field or a row, and writes null, dates and JSON', () => {
    expect(copyField('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re')
    expect(copyField(null)).toBe('\\N')
    expect(copyField(undefined)).toBe('\\N')
    expect(copyField(12)).toBe('12')
    expect(copyField(false)).toBe('false')
    expect(copyField(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z')
    expect(copyField([{ salt: 'Paracetamol', strength: '500 mg' }])).toBe(
      '[{"salt":"Paracetamol","strength":"500 mg"}]',
    )
  })
})
