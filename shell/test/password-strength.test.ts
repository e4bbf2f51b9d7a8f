import { describe, expect, it } from 'vitest'
import { passwordStrength } from '../src/pages/account/password-strength.ts'

const level = (password: string, personal?: string[]) => passwordStrength(password, personal).level

describe('passwordStrength', () => {
  it('says nothing for an empty field', () => {
    expect(passwordStrength('')).toEqual({ level: 'empty', score: 0, advice: [] })
  })

  it('calls anything under 8 characters, or only spaces, weak', () => {
    expect(passwordStrength('Ab1!xyz')).toMatchObject({ level: 'weak', advice: ['length'] })
    expect(passwordStrength('        ').advice).toContain('length')
  })

  it('calls well-known passwords weak, however they are dressed up', () => {
    for (const password of [
      '12345678',
      'password',
      'Password123',
      'P@ssw0rd!',
      'qwerty123',
      'India@123',
      '11111111',
    ])
      expect(level(password), password).toBe('weak')
    expect(passwordStrength('Password123').advice).toContain('common')
  })

  it('calls runs and repeats weak', () => {
    for (const password of ['abcdefghij', 'zyxwvuts', 'asdfghjkl', 'abcabcabcabc', '98765432'])
      expect(level(password), password).toBe('weak')
    expect(passwordStrength('abcdefghij').advice).toContain('pattern')
  })

  it("calls a password built on the shopper's own name or e-mail weak", () => {
    expect(passwordStrength('AshaRao#2026', ['Asha', 'Rao', 'asha.rao@example.in'])).toMatchObject({
      level: 'weak',
      advice: ['personal'],
    })
    expect(level('AshaRao#2026')).not.toBe('weak')
  })

  it('rewards length first, then variety', () => {
    expect(passwordStrength('monsoonpaper')).toMatchObject({ level: 'fair', advice: ['variety'] })
    expect(passwordStrength('monsoonpaper7')).toMatchObject({ level: 'good', advice: ['variety'] })
    expect(passwordStrength('Kx9!mt4q')).toMatchObject({ level: 'good', advice: ['longer'] })
    expect(passwordStrength('Monsoon7paper')).toMatchObject({ level: 'strong', advice: [] })
    expect(level('correct horse battery staple')).toBe('strong')
    expect(level('Monsoon7paper-kite')).toBe('strong')
  })

  it('counts characters, not UTF-16 units, and takes other scripts as variety', () => {
    expect(passwordStrength('नमस्ते').advice).toContain('length')
    expect(level('मानसून बारिश चाय 7')).toBe('strong')
  })
})
