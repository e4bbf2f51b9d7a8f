import { describe, expect, it } from 'vitest'
import { generateKey, parseKeyList, seal, unseal } from '../src/crypto/file-cipher'
import { csvField, csvText } from '../src/domain/csv'
import { indianDay, issuedOnProblem, isUsable, validUntil, waitingMinutes } from '../src/domain/validity'

describe('validity', () => {
  it('runs six months from the prescription date, less a day, month ends clamped', () => {
    expect(validUntil('2026-01-15', 6)).toBe('2026-07-14')
    expect(validUntil('2026-08-31', 6)).toBe('2027-02-27')
    expect(validUntil('2026-11-28', 1)).toBe('2026-12-27')
  })
  it('refuses a date in the future and one past its validity', () => {
    expect(issuedOnProblem('2026-11-29', '2026-11-28', 6)).toBe(
      'The prescription date cannot be in the future',
    )
    expect(issuedOnProblem('2026-05-01', '2026-11-28', 6)).toBe(
      'The prescription is older than 6 months and can no longer be used',
    )
    expect(issuedOnProblem('2026-06-01', '2026-11-28', 6)).toBeUndefined()
  })
  it('lets awaiting and still-valid approved prescriptions be attached, never rejected or deleted ones', () => {
    expect(isUsable({ state: 'awaiting_review', validUntil: null, deleted: false }, '2026-11-28')).toBe(true)
    expect(isUsable({ state: 'approved', validUntil: '2026-11-28', deleted: false }, '2026-11-28')).toBe(true)
    expect(isUsable({ state: 'approved', validUntil: '2026-11-27', deleted: false }, '2026-11-28')).toBe(
      false,
    )
    expect(isUsable({ state: 'rejected', validUntil: null, deleted: false }, '2026-11-28')).toBe(false)
    expect(isUsable({ state: 'awaiting_review', validUntil: null, deleted: true }, '2026-11-28')).toBe(false)
  })
  it("reads days in India's calendar and waiting in whole minutes", () => {
    expect(indianDay(new Date('2026-11-27T19:00:00Z'))).toBe('2026-11-28')
    expect(waitingMinutes(new Date('2026-11-28T10:00:00Z'), new Date('2026-11-28T11:30:59Z'))).toBe(90)
  })
})

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=1+2')).toBe("'=1+2")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('-5')).toBe("'-5")
    expect(csvField(-5)).toBe('-5')
    expect(csvText(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n')
  })
})

describe('file encryption', () => {
  it('seals with the active key, opens with the key each file names (rotation), and detects tampering', () => {
    const old = parseKeyList(`2026-05:${generateKey()}`)
    const sealed = seal(old, Buffer.from('prescription bytes'))
    expect(sealed.ciphertext.includes(Buffer.from('prescription'))).toBe(false)
    const rotated = parseKeyList(
      `2026-11:${generateKey()},2026-05:${[...old.byId.values()][0]!.toString('base64')}`,
    )
    expect(rotated.activeId).toBe('2026-11')
    expect(unseal(rotated, sealed).toString()).toBe('prescription bytes')
    expect(seal(rotated, Buffer.from('x')).keyId).toBe('2026-11')
    const tampered = { ...sealed, ciphertext: Buffer.from(sealed.ciphertext) }
    tampered.ciphertext[0] = (tampered.ciphertext[0] ?? 0) ^ 1
    expect(() => unseal(rotated, tampered)).toThrow()
  })
  it('refuses a key that is not 32 bytes and an active id it does not list', () => {
    expect(() => parseKeyList('k:c2hvcnQ=')).toThrow('must be 32 bytes')
    expect(() => parseKeyList(`k:${generateKey()}`, 'other')).toThrow('names no key')
  })
})
