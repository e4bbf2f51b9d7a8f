import { describe, expect, it } from 'vitest'
import { indianDigits, priceFilterText, toPaise, toRupees } from '../src/money'
import { orderListQuery } from '../src/order'

describe('money', () => {
  it('turns rupees into whole paise without floating-point drift', () => {
    expect(toPaise(19.99)).toBe(1999)
    expect(toPaise(0.1 + 0.2)).toBe(30)
    expect(toPaise(1234567.89)).toBe(123456789)
  })

  it('turns paise back into rupees', () => {
    expect(toRupees(1999)).toBe(19.99)
    expect(toRupees(toPaise(249.5))).toBe(249.5)
  })

  it('groups whole numbers the Indian way, as en-IN does', () => {
    for (const n of [0, 7, 999, 1000, 2000, 99999, 100000, 1234567, 99999999, 123456789012, -4500000])
      expect(indianDigits(n), String(n)).toBe(n.toLocaleString('en-IN'))
  })

  it.each([
    ['199', '199'],
    ['199.00', '199'],
    ['₹199.00', '199'],
    ['₹ 1,299.50', '1299.5'],
    ['1,29,950.00', '129950'],
    ['Rs. 100', '100'],
    ['100', '100'],
    ['0.50', '0.5'],
    ['12.', '12'],
    ['abc', 'abc'],
  ])('reads the price filter %j as the total %j', (typed, text) => {
    expect(priceFilterText(typed)).toBe(text)
  })

  it('lets the order list filter take a price as the tables show it, and refuses other text', () => {
    expect(orderListQuery.parse({ price: '₹1,299.50' }).price).toBe('1299.5')
    expect(orderListQuery.parse({ price: '₹' }).price).toBeUndefined()
    const refused = orderListQuery.safeParse({ price: '19x' })
    expect(refused.success ? undefined : refused.error.issues[0]?.message).toBe(
      'Price may hold only digits, a dot, commas and ₹',
    )
  })
})
