import { describe, expect, it } from 'vitest'
import { loginPath, registrationPath, safeRedirect } from '../src/navigation.ts'
import { parseStoredProfile, tokenExpiry } from '../src/stores/profile.ts'

describe('safeRedirect', () => {
  it.each([
    ['/my-orders', '/my-orders'],
    ['/productDetails?productId=7', '/productDetails?productId=7'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?from=/x', '/'],
    ['/registration', '/'],
  ])('%s → %s', (from, expected) => {
    expect(safeRedirect(from)).toBe(expected)
  })
})

describe('loginPath and registrationPath', () => {
  it('keep where the user was going, except home and the auth pages', () => {
    expect(loginPath('/productDetails?productId=7')).toBe('/login?from=%2FproductDetails%3FproductId%3D7')
    expect(registrationPath('/checkout')).toBe('/registration?from=%2Fcheckout')
    expect(registrationPath('/')).toBe('/registration')
    expect(registrationPath('/login?from=/x')).toBe('/registration')
  })
})

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`
const info = { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false }

describe('stored profile', () => {
  it('reads the spec shape { token, userInfo }', () => {
    const token = jwt({ exp: 2_000_000_000 })
    expect(parseStoredProfile(JSON.stringify({ token, userInfo: info }), 1_000)).toEqual({
      token,
      userInfo: info,
    })
  })

  it('drops an expired token, garbage and half-written values', () => {
    expect(parseStoredProfile(JSON.stringify({ token: jwt({ exp: 10 }), userInfo: info }), 20_000)).toBeNull()
    expect(parseStoredProfile('{not json')).toBeNull()
    expect(parseStoredProfile('null')).toBeNull()
    expect(parseStoredProfile(JSON.stringify({ token: '', userInfo: info }))).toBeNull()
    expect(parseStoredProfile(JSON.stringify({ token: 'x', userInfo: { name: 'No id' } }))).toBeNull()
  })

  it('keeps a session whose access token expired while its refresh token can renew it', () => {
    const stored = { token: jwt({ exp: 10 }), userInfo: info, refreshToken: 'r-1' }
    expect(parseStoredProfile(JSON.stringify(stored), 20_000)).toEqual(stored)
    const blank = { ...stored, refreshToken: '' }
    expect(parseStoredProfile(JSON.stringify(blank), 20_000)).toBeNull()
  })

  it('treats only a literal true as administrator', () => {
    const stored = { token: 'opaque', userInfo: { ...info, userName: 'ADMIN', isAdmin: 'yes' } }
    expect(parseStoredProfile(JSON.stringify(stored))?.userInfo.isAdmin).toBe(false)
  })

  it('reads exp from a JWT payload (base64url)', () => {
    expect(tokenExpiry(jwt({ exp: 123, name: 'ü?>' }))).toBe(123)
    expect(tokenExpiry('not-a-jwt')).toBeUndefined()
  })
})
