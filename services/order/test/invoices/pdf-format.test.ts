import { hasTaxInvoice, invoiceFileName } from '@medstore/contracts/order-constants'
import { describe, expect, it } from 'vitest'
import {
  amount,
  hasDevanagari,
  indianDate,
  partyLines,
  paymentText,
  rupees,
  stateWithCode,
} from '../../src/invoice-pdf/format'
import { lineColumns } from '../../src/invoice-pdf/render-invoice-pdf'

describe('what the invoice PDF prints', () => {
  it('writes paise as rupees with Indian grouping and two decimals', () => {
    expect(amount(0)).toBe('0.00')
    expect(amount(5)).toBe('0.05')
    expect(amount(57_750)).toBe('577.50')
    expect(amount(12_345_678)).toBe('1,23,456.78')
    expect(amount(1_000_000_000_00)).toBe('1,00,00,00,000.00')
    expect(amount(-1_050)).toBe('-10.50')
    expect(rupees(2_773_020)).toBe('₹27,730.20')
  })

  it('dates an instant by the calendar in India, whatever the server’s time zone', () => {
    expect(indianDate('2026-06-05T09:00:00.000Z')).toBe('05 Jun 2026')
    // 18:29:59 UTC on 31 March is 23:59:59 IST; a second later it is 1 April in India.
    expect(indianDate('2027-03-31T18:29:59.000Z')).toBe('31 Mar 2027')
    expect(indianDate('2027-03-31T18:30:00.000Z')).toBe('01 Apr 2027')
  })

  it('names states with their GST code when GST knows them, and the party under its name', () => {
    expect(stateWithCode('Karnataka', '29')).toBe('Karnataka (29)')
    expect(stateWithCode('Atlantis', null)).toBe('Atlantis')
    expect(
      partyLines({
        name: 'Asha',
        address: ['12, MG Road', 'Bengaluru 560001'],
        phone: '9876543210',
        state: 'Karnataka',
        stateCode: '29',
      }),
    ).toEqual(['12, MG Road', 'Bengaluru 560001', 'Phone: 9876543210', 'State: Karnataka (29)'])
    expect(paymentText('cash')).toBe('Cash on delivery')
    expect(paymentText('online')).toBe('Paid online')
  })

  it('knows text that is shaped (Devanagari) from text that is not', () => {
    expect(hasDevanagari('सुनीता शर्मा')).toBe(true)
    expect(hasDevanagari('Flat 4, गंगा Apartments')).toBe(true)
    expect(hasDevanagari('Asha Rao ₹ 12')).toBe(false)
  })

  it('fills the page width with the line table, the description taking what the figures leave', () => {
    for (const intra of [true, false]) {
      const columns = lineColumns(intra, 523.28)
      expect(columns.reduce((sum, c) => sum + c.width, 0)).toBeCloseTo(523.28)
      expect(columns.find((c) => c.header === 'Description')!.width).toBeGreaterThan(130)
      expect(columns.map((c) => c.header)).toEqual(
        intra
          ? [
              '#',
              'Description',
              'HSN',
              'Qty',
              'MRP',
              'Rate',
              'Taxable value',
              'GST',
              'CGST',
              'SGST',
              'Amount',
            ]
          : ['#', 'Description', 'HSN', 'Qty', 'MRP', 'Rate', 'Taxable value', 'GST', 'IGST', 'Amount'],
      )
    }
  })

  it('names the file after the invoice number, and has an invoice for shipped and delivered orders only', () => {
    expect(invoiceFileName('MS/2026-27/000123')).toBe('MS-2026-27-000123.pdf')
    expect(invoiceFileName('X"; evil/1')).toBe('X-evil-1.pdf')
    expect(['pending', 'processing', 'shipped', 'delivered', 'cancelled'].filter(hasTaxInvoice)).toEqual([
      'shipped',
      'delivered',
    ])
  })
})
