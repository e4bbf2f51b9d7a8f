import type { RefundView } from '@medstore/contracts/order'
import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatItemCount,
  formatLongDate,
  formatRupees,
  pageCountOf,
  pagerItems,
  pageSlice,
  parseIndianDate,
  paymentText,
  refundSentence,
  refundSentences,
} from '../src/index.ts'

describe('dates', () => {
  it('writes order dates in the long Indian form, on the Indian day', () => {
    expect(formatLongDate('2026-11-28T06:00:00Z')).toBe('28 November 2026')
    // 20:00 UTC on the 27th is already the 28th in India.
    expect(formatLongDate('2026-11-27T20:00:00Z')).toBe('28 November 2026')
    expect(formatLongDate('nonsense')).toBe('—')
  })

  it.each([
    ['28/11/2026', '2026-11-28'],
    [' 8/1/2026 ', '2026-01-08'],
    ['28-11-2026', '2026-11-28'],
    ['28.11.2026', '2026-11-28'],
    ['2026-11-28', '2026-11-28'],
    ['29/02/2028', '2028-02-29'],
  ])('reads the typed date %j day first as %j', (typed, day) => {
    expect(parseIndianDate(typed)).toBe(day)
  })

  it.each(['11/28/2026', '31/02/2026', '29/02/2027', '28/11/26', '', 'today', '00/01/2026', '01/01/0099'])(
    'refuses %j',
    (typed) => {
      expect(parseIndianDate(typed)).toBeUndefined()
    },
  )
})

describe('formatRupees', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹5.00'],
    [99.5, '₹99.50'],
    [1234.567, '₹1,234.57'],
    [123456.5, '₹1,23,456.50'],
    [10000000, '₹1,00,00,000.00'],
    [-5, '-₹5.00'],
    [-0.001, '₹0.00'],
    [Number.NaN, '₹—'],
  ])('%s → %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text)
  })
})

describe('pagerItems (2 margin pages, 3 range pages)', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 'gap', 9, 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 'gap', 9, 10]], // a gap never hides a single page
    [6, 12, [1, 2, 'gap', 5, 6, 7, 'gap', 11, 12]],
    [4, 10, [1, 2, 3, 4, 5, 'gap', 9, 10]],
    [10, 10, [1, 2, 'gap', 8, 9, 10]],
    [99, 10, [1, 2, 'gap', 8, 9, 10]],
  ])('page %s of %s', (page, count, items) => {
    expect(pagerItems(page, count)).toEqual(items)
  })

  it('counts and slices pages', () => {
    expect(pageCountOf(0, 5)).toBe(0)
    expect(pageCountOf(11, 5)).toBe(3)
    expect(pageSlice([1, 2, 3, 4, 5, 6, 7], 2, 5)).toEqual([6, 7])
  })
})

describe('dates for India (dd/mm/yyyy, Asia/Kolkata)', () => {
  it('writes the day as it is in India, whatever the zone of the machine', () => {
    // 20:00 UTC on the 22nd is 01:30 on the 23rd in India.
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('23/11/2026')
    expect(formatDate('2026-01-05T10:00:00Z')).toBe('05/01/2026')
  })

  it('adds the time on the Indian clock', () => {
    expect(formatDateTime('2026-11-23T11:40:00Z')).toBe('23/11/2026, 5:10 pm')
  })

  it('shows a dash for a missing or broken date', () => {
    expect(formatDate('nonsense')).toBe('—')
    expect(formatDateTime('')).toBe('—')
  })
})

describe('formatItemCount (units, not lines)', () => {
  it.each([
    [[], '0 items'],
    [[{ quantity: 1 }], '1 item'],
    [[{ quantity: 2 }, { quantity: 1 }], '3 items'],
  ])('%j → %s', (lines, text) => {
    expect(formatItemCount(lines)).toBe(text)
  })
})

describe('payments and refunds as the order modals show them', () => {
  const item = (_id: string, name: string) => ({
    _id,
    productId: { _id: `p-${_id}`, name, image: '', category: 'Ayurvedic', price: 50 },
    quantity: 1,
    price: 50,
    status: 'cancelled' as const,
    schedule: 'OTC' as const,
    hsnCode: '3004',
    gstRate: 5,
    mrp: 50,
  })
  const refund = (over: Partial<RefundView> = {}): RefundView => ({
    _id: 'order_1',
    itemId: null,
    amount: 1299.5,
    status: 'pending',
    createdAt: '2026-11-27T20:00:00Z',
    ...over,
  })

  it('says how an order is paid', () => {
    expect(paymentText({ paymentType: 'cash', paymentStatus: 'pending' })).toBe('Cash on delivery')
    expect(paymentText({ paymentType: 'online', paymentStatus: 'refund_pending' })).toBe(
      'Online (refund initiated)',
    )
    expect(paymentText({ paymentType: 'online', paymentStatus: 'pending' })).toBe('Online (awaiting payment)')
  })

  it('writes a refund as a sentence with its amount, the day in India and how it ended', () => {
    expect(refundSentence(refund())).toBe('Refund of ₹1,299.50 initiated on 28 November 2026')
    expect(refundSentence(refund({ status: 'processed' }))).toBe(
      'Refund of ₹1,299.50 initiated on 28 November 2026, completed',
    )
    expect(refundSentence(refund({ status: 'failed' }))).toMatch(
      /could not be completed; our team will contact you$/,
    )
    expect(refundSentence(refund({ itemId: 'i2', amount: 50 }), [item('i2', 'Triphala Churna')])).toBe(
      'Refund of ₹50.00 for Triphala Churna initiated on 28 November 2026',
    )
  })

  it('lists none for an order without refunds (or from an order service older than refunds)', () => {
    expect(refundSentences({ refunds: [], items: [] })).toEqual([])
    expect(refundSentences({ items: [] } as never)).toEqual([])
  })
})
