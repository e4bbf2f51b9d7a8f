import { describe, expect, it } from 'vitest'
import { toPaise, toRupees } from '../src/money'

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
})
