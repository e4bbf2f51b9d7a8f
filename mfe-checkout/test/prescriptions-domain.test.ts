import {
  PRESCRIPTION_FILE_FIELD,
  PRESCRIPTION_FILE_MAX_BYTES,
  PRESCRIPTION_PAGES_MAX,
  PRESCRIPTION_SCHEDULES,
  type Prescription,
} from '@medstore/contracts/prescription'
import { describe, expect, it } from 'vitest'
import {
  cartNeedsPrescription,
  checkPickedFiles,
  choosable,
  dayText,
  deleteBlock,
  FILE_FIELD,
  FILE_MAX_BYTES,
  orderPrescriptionText,
  PAGES_MAX,
  prescriptionStateText,
  reattachOpen,
} from '../src/domain/prescriptions.ts'

const prescription = (overrides: Partial<Prescription> = {}): Prescription => ({
  id: 'p1',
  userId: 'u1',
  state: 'awaiting_review',
  pages: [{ number: 1, contentType: 'image/jpeg', size: 1000 }],
  uploadedAt: '2026-11-20T10:00:00.000Z',
  reviewedAt: null,
  rejectionReason: null,
  doctorName: null,
  doctorRegistration: null,
  patientName: null,
  issuedOn: null,
  validUntil: null,
  usable: true,
  openOrders: [],
  ...overrides,
})

describe('the upload checks before sending', () => {
  it('repeats the contract’s limits', () => {
    expect([FILE_MAX_BYTES, PAGES_MAX, FILE_FIELD]).toEqual([
      PRESCRIPTION_FILE_MAX_BYTES,
      PRESCRIPTION_PAGES_MAX,
      PRESCRIPTION_FILE_FIELD,
    ])
  })

  it('takes 1 to 5 JPEG, PNG, WebP or PDF pages of at most 10 MB', () => {
    const ok = { name: 'rx.jpg', size: 200_000, type: 'image/jpeg' }
    expect(checkPickedFiles([ok])).toEqual({ ok: true })
    expect(checkPickedFiles([ok, { name: 'b.pdf', size: FILE_MAX_BYTES, type: 'application/pdf' }])).toEqual({
      ok: true,
    })
    // No type from the browser: the name decides.
    expect(checkPickedFiles([{ name: 'scan.WEBP', size: 10, type: '' }])).toEqual({ ok: true })
  })

  it('says which file is wrong and why', () => {
    expect(checkPickedFiles([])).toMatchObject({ ok: false, message: expect.stringContaining('Choose') })
    expect(
      checkPickedFiles(Array.from({ length: 6 }, () => ({ name: 'a.png', size: 1, type: 'image/png' }))),
    ).toEqual({
      ok: false,
      message: 'Choose at most 5 pages for one prescription.',
    })
    expect(checkPickedFiles([{ name: 'logo.svg', size: 10, type: 'image/svg+xml' }])).toMatchObject({
      ok: false,
      message: expect.stringContaining('“logo.svg” is not a JPEG, PNG, WebP or PDF'),
    })
    expect(checkPickedFiles([{ name: 'big.jpg', size: FILE_MAX_BYTES + 1, type: 'image/jpeg' }])).toEqual({
      ok: false,
      message: '“big.jpg” is 10.0 MB; each page can be at most 10 MB.',
    })
    expect(checkPickedFiles([{ name: 'empty.png', size: 0, type: 'image/png' }])).toEqual({
      ok: false,
      message: '“empty.png” is empty.',
    })
  })
})

describe('states in words', () => {
  it('reads a prescription’s state', () => {
    expect(prescriptionStateText(prescription())).toEqual({
      text: 'Awaiting review by our pharmacist',
      tone: 'waiting',
    })
    expect(prescriptionStateText(prescription({ state: 'approved', validUntil: '2027-05-20' }))).toEqual({
      text: 'Approved · valid until 20 May 2027',
      tone: 'good',
    })
    expect(
      prescriptionStateText(prescription({ state: 'approved', validUntil: '2026-05-20', usable: false })),
    ).toEqual({ text: 'Approved · expired on 20 May 2026', tone: 'bad' })
    expect(
      prescriptionStateText(
        prescription({ state: 'rejected', rejectionReason: 'Unreadable', usable: false }),
      ),
    ).toEqual({ text: 'Rejected: Unreadable', tone: 'bad' })
  })

  it('reads an order’s prescription check, and whether another may still be attached', () => {
    const now = new Date('2026-11-28T00:00:00Z')
    const rejected = {
      status: 'rejected' as const,
      prescriptionId: 'p1',
      reason: 'Doctor’s signature missing',
      reattachBy: '2026-11-29T00:00:00Z',
    }
    expect(orderPrescriptionText(rejected)).toEqual({
      text: 'Prescription rejected: Doctor’s signature missing',
      tone: 'bad',
    })
    expect(reattachOpen(rejected, now)).toBe(true)
    expect(reattachOpen(rejected, new Date('2026-11-29T00:00:01Z'))).toBe(false)
    expect(reattachOpen({ ...rejected, status: 'approved' }, now)).toBe(false)
    expect(orderPrescriptionText({ ...rejected, status: 'awaiting_verification', reason: null }).tone).toBe(
      'waiting',
    )
  })

  it('writes a day as that calendar day', () => {
    expect(dayText('2026-01-05')).toBe('5 January 2026')
  })
})

describe('which prescriptions', () => {
  it('offers the usable ones, approved first', () => {
    const list = [
      prescription({ id: 'waiting' }),
      prescription({ id: 'rejected', state: 'rejected', usable: false }),
      prescription({ id: 'approved', state: 'approved', validUntil: '2027-01-01' }),
    ]
    expect(choosable(list).map((p) => p.id)).toEqual(['approved', 'waiting'])
  })

  it('keeps one attached to an open order from being deleted, saying why', () => {
    expect(deleteBlock(prescription())).toBeUndefined()
    expect(deleteBlock(prescription({ openOrders: ['MS-000012'] }))).toBe(
      'Attached to order MS-000012: it can be deleted once that order is delivered or cancelled.',
    )
  })

  it('asks for one when an orderable line is Schedule H or H1', () => {
    const line = (schedule: string | undefined, available = true) => ({
      available,
      productId: { _id: 'p', schedule },
    })
    expect(PRESCRIPTION_SCHEDULES).toEqual(['H', 'H1'])
    expect(cartNeedsPrescription([line('OTC'), line('H')])).toBe(true)
    expect(cartNeedsPrescription([line('H1')])).toBe(true)
    expect(cartNeedsPrescription([line('OTC'), line(undefined)])).toBe(false)
    // An unavailable line is not ordered.
    expect(cartNeedsPrescription([line('H', false)])).toBe(false)
  })
})
