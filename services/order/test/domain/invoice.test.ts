import { describe, expect, it } from 'vitest'
import { indianNumberInWords, rupeesInWords } from '../../src/domain/invoice/amount-in-words'
import {
  financialYearOf,
  financialYearStart,
  formatInvoiceNumber,
} from '../../src/domain/invoice/financial-year'
import { splitTax, taxInclusive, taxInvoice } from '../../src/domain/invoice/gst'
import { gstState, isIntraState, isValidGstin, stateOfGstin } from '../../src/domain/invoice/gst-states'

describe('tax-inclusive prices split into taxable value and GST, in whole paise', () => {
  it('derives the taxable value from the price and leaves the rest as tax', () => {
    // ₹112.00 at 12%: exactly ₹100 + ₹12
    expect(taxInclusive(11_200, 12)).toEqual({ gross: 11_200, taxable: 10_000, tax: 1_200 })
    // ₹105.00 at 5%
    expect(taxInclusive(10_500, 5)).toEqual({ gross: 10_500, taxable: 10_000, tax: 500 })
    // 0%: no tax
    expect(taxInclusive(9_999, 0)).toEqual({ gross: 9_999, taxable: 9_999, tax: 0 })
  })

  it('rounds the taxable value half up when the tax does not divide evenly, and gross = taxable + tax', () => {
    // ₹199.00 at 12%: 19900 × 100 / 112 = 17767.857… → 17768, tax 2132
    expect(taxInclusive(19_900, 12)).toEqual({ gross: 19_900, taxable: 17_768, tax: 2_132 })
    // ₹10.00 at 18%: 1000 × 100 / 118 = 847.457… → 847, tax 153
    expect(taxInclusive(1_000, 18)).toEqual({ gross: 1_000, taxable: 847, tax: 153 })
    // exactly half a paisa rounds up: 14 × 100 / 112 = 12.5 → 13
    expect(taxInclusive(14, 12)).toEqual({ gross: 14, taxable: 13, tax: 1 })
    for (const rate of [0, 5, 12, 18])
      for (let gross = 0; gross < 3_000; gross += 29) {
        const t = taxInclusive(gross, rate)
        expect(t.taxable + t.tax).toBe(gross)
        // within half a paisa of the exact value
        expect(Math.abs(t.taxable - (gross * 100) / (100 + rate))).toBeLessThanOrEqual(0.5)
      }
  })

  it('halves the tax between CGST and SGST, the odd paisa to CGST; IGST takes it whole', () => {
    expect(splitTax(2_132, true)).toEqual({ kind: 'intra', cgst: 1_066, sgst: 1_066 })
    expect(splitTax(153, true)).toEqual({ kind: 'intra', cgst: 77, sgst: 76 })
    expect(splitTax(153, false)).toEqual({ kind: 'inter', igst: 153 })
  })

  it('taxes each line, and the invoice adds up to the order total to the paisa', () => {
    const lines = [
      { name: 'A', hsnCode: '3004', quantity: 3, unitPricePaise: 19_950, mrpPaise: 21_000, gstRate: 12 },
      { name: 'B', hsnCode: '3004', quantity: 1, unitPricePaise: 1_000, mrpPaise: 1_000, gstRate: 18 },
      { name: 'C', hsnCode: '30039011', quantity: 7, unitPricePaise: 333, mrpPaise: 350, gstRate: 5 },
      { name: 'D', hsnCode: '3004', quantity: 2, unitPricePaise: 4_999, mrpPaise: 4_999, gstRate: 0 },
    ]
    const orderTotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0)
    for (const intra of [true, false]) {
      const invoice = taxInvoice(lines, intra)
      expect(invoice.totals.total).toBe(orderTotal)
      expect(invoice.totals.taxable + invoice.totals.tax).toBe(orderTotal)
      expect(invoice.totals.cgst + invoice.totals.sgst + invoice.totals.igst).toBe(invoice.totals.tax)
      for (const l of invoice.lines) expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.gross)
      const summaryTaxable = invoice.summary.reduce((s, r) => s + r.taxable, 0)
      expect(summaryTaxable).toBe(invoice.totals.taxable)
    }
    const intra = taxInvoice(lines, true)
    // line A: 59850 → taxable round(53437.5) = 53438, tax 6412 → 3206 + 3206
    expect(intra.lines[0]).toMatchObject({
      gross: 59_850,
      taxable: 53_438,
      tax: 6_412,
      cgst: 3_206,
      sgst: 3_206,
    })
    // line B: 1000 at 18% → 847 + 153 → CGST 77, SGST 76
    expect(intra.lines[1]).toMatchObject({ taxable: 847, cgst: 77, sgst: 76, igst: 0 })
    expect(intra.totals.igst).toBe(0)
    const inter = taxInvoice(lines, false)
    expect(inter.totals).toMatchObject({ cgst: 0, sgst: 0, igst: intra.totals.tax })
    expect(inter.summary.map((r) => `${r.hsnCode}@${r.gstRate}`)).toEqual([
      '30039011@5',
      '3004@0',
      '3004@12',
      '3004@18',
    ])
  })

  it('refuses amounts that are not whole paise and rates that are not percentages', () => {
    expect(() => taxInclusive(10.5, 12)).toThrow(RangeError)
    expect(() => taxInclusive(-1, 12)).toThrow(RangeError)
    expect(() => taxInclusive(100, 12.5)).toThrow(RangeError)
  })
})

describe('amounts in words, Indian numbering', () => {
  it('writes the issue’s example', () => {
    expect(rupeesInWords(123_450)).toBe('One Thousand Two Hundred Thirty-Four Rupees and Fifty Paise')
  })

  it('counts in thousands, lakhs and crores', () => {
    expect(indianNumberInWords(0)).toBe('Zero')
    expect(indianNumberInWords(7)).toBe('Seven')
    expect(indianNumberInWords(19)).toBe('Nineteen')
    expect(indianNumberInWords(40)).toBe('Forty')
    expect(indianNumberInWords(101)).toBe('One Hundred One')
    expect(indianNumberInWords(1_000)).toBe('One Thousand')
    expect(indianNumberInWords(99_999)).toBe('Ninety-Nine Thousand Nine Hundred Ninety-Nine')
    expect(indianNumberInWords(100_000)).toBe('One Lakh')
    expect(indianNumberInWords(1_234_567)).toBe('Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven')
    expect(indianNumberInWords(10_000_000)).toBe('One Crore')
    expect(indianNumberInWords(123_456_789)).toBe(
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
    )
    expect(indianNumberInWords(999_999_999)).toBe(
      'Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine',
    )
    // beyond 99 crore the crores are counted in Indian words too
    expect(indianNumberInWords(1_000_000_000)).toBe('One Hundred Crore')
    expect(indianNumberInWords(1_000_000_000_000)).toBe('One Lakh Crore')
  })

  it('says Rupee/Paisa in the singular and leaves out a zero part', () => {
    expect(rupeesInWords(100)).toBe('One Rupee')
    expect(rupeesInWords(1)).toBe('One Paisa')
    expect(rupeesInWords(50)).toBe('Fifty Paise')
    expect(rupeesInWords(0)).toBe('Zero Rupees')
    expect(rupeesInWords(10_000_000_00 + 5)).toBe('One Crore Rupees and Five Paise')
    expect(rupeesInWords(2_50_00_000_00)).toBe('Two Crore Fifty Lakh Rupees')
  })

  it('refuses what is not whole paise', () => {
    expect(() => rupeesInWords(1.5)).toThrow(RangeError)
    expect(() => rupeesInWords(-100)).toThrow(RangeError)
  })
})

describe('financial year (April–March, Indian time) and invoice numbers', () => {
  it('changes year at midnight IST between 31 March and 1 April, not at UTC midnight', () => {
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toBe('2026-27')
    expect(financialYearOf(new Date('2027-04-01T00:00:00+05:30'))).toBe('2027-28')
    // 18:40 UTC on 31 March is already 00:10 IST on 1 April
    expect(financialYearOf(new Date('2027-03-31T18:40:00Z'))).toBe('2027-28')
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2026-11-28T04:00:00Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2026-01-01T00:00:00+05:30'))).toBe('2025-26')
    expect(financialYearStart(new Date('2099-12-31T12:00:00Z'))).toBe(2099)
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00')
  })

  it('formats MS/2026-27/000123', () => {
    expect(formatInvoiceNumber('2026-27', 123)).toBe('MS/2026-27/000123')
    expect(formatInvoiceNumber('2026-27', 1_234_567)).toBe('MS/2026-27/1234567')
    expect(() => formatInvoiceNumber('2026-27', 0)).toThrow(RangeError)
  })
})

describe('GST states', () => {
  it('reads free-text states loosely and knows their codes', () => {
    expect(gstState('maharashtra')).toEqual({ name: 'Maharashtra', code: '27' })
    expect(gstState(' Jammu & Kashmir ')).toEqual({ name: 'Jammu and Kashmir', code: '01' })
    expect(gstState('Orissa')?.code).toBe('21')
    expect(gstState('New Delhi')?.code).toBe('07')
    expect(gstState('Atlantis')).toBeUndefined()
    expect(stateOfGstin('29AAGCB7383J1Z4')).toEqual({ name: 'Karnataka', code: '29' })
  })

  it('is intra-state only when shipping to the seller’s own state (unknown states pay IGST)', () => {
    expect(isIntraState('27', 'MAHARASHTRA')).toBe(true)
    expect(isIntraState('27', 'Karnataka')).toBe(false)
    expect(isIntraState('27', 'Nowhere')).toBe(false)
  })

  it('checks a GSTIN’s shape, state and check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true)
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false)
    expect(isValidGstin('99AAPFU0939F1ZV')).toBe(false)
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false)
  })
})
