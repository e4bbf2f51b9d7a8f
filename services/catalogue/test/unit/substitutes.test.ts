import { describe, expect, it } from 'vitest'
import { unitPaise, unitRupees, unitSaving } from '../../src/domain/substitutes'

describe('comparing prices per unit across pack sizes', () => {
  const strip15 = { pricePaise: 3091, packUnits: 15 } // ₹30.91 for 15
  const strip10 = { pricePaise: 3250, packUnits: 10 } // ₹32.50 for 10

  it('divides the price by the units in the pack', () => {
    expect(unitPaise(strip15)).toBeCloseTo(206.07, 2)
    expect(unitRupees(strip15)).toBe(2.06)
    expect(unitRupees(strip10)).toBe(3.25)
  })

  it('finds a dearer pack cheaper per unit when it holds more units', () => {
    const strip20 = { pricePaise: 4400, packUnits: 20 } // ₹44 for 20 = 2.20 each
    const strip10Cheap = { pricePaise: 3250, packUnits: 10 } // ₹32.50 for 10 = 3.25 each
    expect(unitSaving(strip20, strip10Cheap)).toBe(32)
    expect(unitSaving(strip10Cheap, strip20)).toBe(0)
  })

  it('says how much cheaper in whole percent, never rounding up, and 0 for the same unit price', () => {
    expect(unitSaving(strip15, strip10)).toBe(36) // 36.6 % cheaper per tablet
    expect(unitSaving({ pricePaise: 6200, packUnits: 10 }, { pricePaise: 10_000, packUnits: 10 })).toBe(38)
    expect(unitSaving({ pricePaise: 2000, packUnits: 10 }, { pricePaise: 4000, packUnits: 20 })).toBe(0)
  })
})
