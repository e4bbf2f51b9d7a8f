import { escapeLike } from '@medstore/service-kit'
import { describe, expect, it } from 'vitest'
import { CUSTOMER_CANCEL_WINDOW_MS, customerCancelRefusal } from '../../src/domain/cancellation'
import { indianDayRange } from '../../src/domain/list-filters'
import { formatOrderNumber } from '../../src/domain/order-number'
import { cashCollected, nextPaymentStatus } from '../../src/domain/payment-status'
import { priceOrder } from '../../src/domain/pricing'

const product = (id: string, pricePaise: number, deleted = false) => ({
  id,
  name: `Product ${id}`,
  category: 'Ayurvedic',
  image: `/i/${id}`,
  pricePaise,
  deleted,
  schedule: 'OTC',
})

describe('pricing', () => {
  it('prices lines from the products and sums them with no shipping or tax', () => {
    const products = new Map([
      ['a', product('a', 14_950)],
      ['b', product('b', 8_000)],
    ])
    const priced = priceOrder(
      [
        { productId: 'a', quantity: 2 },
        { productId: 'b', quantity: 3 },
      ],
      products,
    )
    expect(priced).toMatchObject({ ok: true, totalPaise: 53_900 })
  })

  it('reports an unknown or deleted product', () => {
    expect(priceOrder([{ productId: 'x', quantity: 1 }], new Map())).toEqual({
      ok: false,
      missing: { productId: 'x', name: undefined },
    })
    const deleted = new Map([['d', product('d', 100, true)]])
    expect(priceOrder([{ productId: 'd', quantity: 1 }], deleted)).toEqual({
      ok: false,
      missing: { productId: 'd', name: 'Product d' },
    })
  })
})

describe('customer cancellation policy', () => {
  const now = new Date('2025-03-10T12:00:00Z')
  const placed = (msAgo: number) => new Date(now.getTime() - msAgo)
  it('allows a pending or processing order within 24 hours', () => {
    expect(customerCancelRefusal({ status: 'pending', createdAt: placed(1000) }, now)).toBeUndefined()
    expect(
      customerCancelRefusal({ status: 'processing', createdAt: placed(CUSTOMER_CANCEL_WINDOW_MS) }, now),
    ).toBeUndefined()
  })
  it('refuses after 24 hours, after dispatch, and twice', () => {
    expect(
      customerCancelRefusal({ status: 'pending', createdAt: placed(CUSTOMER_CANCEL_WINDOW_MS + 1) }, now),
    ).toBe('Orders can be cancelled only within 24 hours of ordering')
    expect(customerCancelRefusal({ status: 'shipped', createdAt: placed(0) }, now)).toBe(
      'This order is already shipped and can no longer be cancelled',
    )
    expect(customerCancelRefusal({ status: 'cancelled', createdAt: placed(0) }, now)).toBe(
      'This order is already cancelled',
    )
  })
})

describe('payment status', () => {
  it('moves pending to paid or failed, lets a failed attempt be followed by a payment, and keeps paid', () => {
    expect(nextPaymentStatus('pending', 'paid')).toBe('paid')
    expect(nextPaymentStatus('pending', 'failed')).toBe('failed')
    expect(nextPaymentStatus('failed', 'paid')).toBe('paid')
    expect(nextPaymentStatus('paid', 'failed')).toBeUndefined()
    expect(nextPaymentStatus('paid', 'paid')).toBeUndefined()
  })
  it('counts cash as collected on delivery', () => {
    expect(cashCollected('cash', 'delivered')).toBe(true)
    expect(cashCollected('online', 'delivered')).toBe(false)
    expect(cashCollected('cash', 'shipped')).toBe(false)
  })
})

describe('list filters and numbers', () => {
  it('takes a day in India time', () => {
    expect(indianDayRange('2025-03-10')).toEqual({
      from: new Date('2025-03-09T18:30:00Z'),
      to: new Date('2025-03-10T18:30:00Z'),
    })
  })
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\')
  })
  it('formats order numbers', () => {
    expect(formatOrderNumber(123)).toBe('MS-000123')
    expect(formatOrderNumber(1_234_567)).toBe('MS-1234567')
  })
})
