import { describe, expect, it } from 'vitest'
import {
  checkApproval,
  emptyApproveForm,
  indianDay,
  isOverdue,
  lineText,
  rangeProblem,
  registerCsvName,
  rejectionProblem,
  waitingText,
} from '../src/domain/prescriptions.ts'

describe('the queue', () => {
  it('says how long an order has waited', () => {
    expect(waitingText(0)).toBe('0 min')
    expect(waitingText(59)).toBe('59 min')
    expect(waitingText(60)).toBe('1 h')
    expect(waitingText(185)).toBe('3 h 5 min')
    expect(waitingText(24 * 60)).toBe('1 day')
    expect(waitingText(2 * 24 * 60 + 4 * 60 + 30)).toBe('2 days 4 h')
    expect(isOverdue(24 * 60 - 1)).toBe(false)
    expect(isOverdue(24 * 60)).toBe(true)
  })

  it('writes an Rx line with its quantity and schedule', () => {
    expect(lineText({ itemId: 'i', productId: 'p', name: 'Azithral 500', schedule: 'H1', quantity: 2 })).toBe(
      'Azithral 500 × 2 (H1)',
    )
  })

  it('counts days in India’s calendar', () => {
    // 20:00 UTC is already the next day in India.
    expect(indianDay(new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-28')
    expect(indianDay(new Date('2026-11-27T20:00:00Z'), -30)).toBe('2026-10-29')
  })
})

describe('the decision', () => {
  const filled = {
    doctorName: 'Dr Kavita Menon',
    doctorRegistration: 'KMC 45678',
    patientName: 'Asha Rao',
    issuedOn: '2026-11-20',
  }

  it('approves what the pharmacist read', () => {
    expect(checkApproval(filled, '2026-11-28')).toEqual({ ok: true, value: filled })
  })

  it('reads the date day first, as the prescription shows it, and refuses a day that does not exist', () => {
    expect(checkApproval({ ...filled, issuedOn: '20/11/2026' }, '2026-11-28')).toEqual({
      ok: true,
      value: filled,
    })
    expect(checkApproval({ ...filled, issuedOn: '31/02/2026' }, '2026-11-28')).toEqual({
      ok: false,
      errors: { issuedOn: 'Enter the date as dd/mm/yyyy, e.g. 28/11/2026' },
    })
  })

  it('names every missing field and refuses a date after today', () => {
    const empty = checkApproval(emptyApproveForm(), '2026-11-28')
    expect(empty.ok).toBe(false)
    if (!empty.ok)
      expect(Object.keys(empty.errors).sort()).toEqual([
        'doctorName',
        'doctorRegistration',
        'issuedOn',
        'patientName',
      ])
    expect(checkApproval({ ...filled, issuedOn: '2026-11-29' }, '2026-11-28')).toEqual({
      ok: false,
      errors: { issuedOn: 'Prescription date cannot be in the future' },
    })
  })

  it('needs a reason to reject', () => {
    expect(rejectionProblem('  ')).toMatch(/reason/)
    expect(rejectionProblem('Unreadable photo')).toBeUndefined()
  })
})

describe('the register', () => {
  it('takes a range of at most a year, from before to', () => {
    expect(rangeProblem('2026-11-01', '2026-11-28')).toBeUndefined()
    expect(rangeProblem('2026-11-28', '2026-11-01')).toBe('from must not be after to')
    expect(rangeProblem('2025-01-01', '2026-11-28')).toMatch(/at most 366 days/)
    expect(registerCsvName('2026-11-01', '2026-11-28')).toBe(
      'dispensing-register-2026-11-01-to-2026-11-28.csv',
    )
  })
})
