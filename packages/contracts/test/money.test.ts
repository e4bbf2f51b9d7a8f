import { describe, expect, it } from 'vitest'
import { indianDigits, toPaise, toRupees } from '../src/money'

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
})
