import { describe, expect, it } from 'vitest'
import { displayName, tokenClaims, userNameKey, userPage } from '../../src/domain/users'
import { presentUserInfo, presentUserSummary } from '../../src/presenters/users'

const account = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  userName: 'Asha_R',
  email: 'asha@example.in',
  phone: '9876543210',
  isAdmin: false,
  locale: null as string | null,
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
}

describe('accounts', () => {
  it('greets a person by first and last name', () => {
    expect(displayName(account)).toBe('Asha Rao')
    expect(displayName({ firstName: 'Asha', lastName: '' })).toBe('Asha')
  })

  it('treats user names that differ only in case as the same', () => {
    expect(userNameKey(' Asha_R ')).toBe(userNameKey('asha_r'))
  })

  it('answers sign-up and sign-in with the documented userInfo', () => {
    expect(presentUserInfo(account)).toEqual({
      id: 'u1',
      name: 'Asha Rao',
      email: 'asha@example.in',
      userName: 'Asha_R',
      isAdmin: false,
      locale: null,
    })
  })

  it("tells a front end the account's language once its owner has picked one", () => {
    expect(presentUserInfo({ ...account, locale: 'hi' }).locale).toBe('hi')
    expect(presentUserInfo({ ...account, locale: 'fr' }).locale).toBeNull()
  })

  it('lists users under _id with an ISO date and nothing secret', () => {
    const summary = presentUserSummary({ ...account, passwordHash: '$argon2id$secret' } as typeof account)
    expect(summary).toEqual({
      _id: 'u1',
      firstName: 'Asha',
      lastName: 'Rao',
      userName: 'Asha_R',
      email: 'asha@example.in',
      phone: '9876543210',
      isAdmin: false,
      createdAt: '2026-01-02T03:04:05.000Z',
    })
  })

  it('puts the claims the services read into the token', () => {
    expect(tokenClaims({ ...account, isAdmin: true })).toEqual({
      sub: 'u1',
      userName: 'Asha_R',
      name: 'Asha Rao',
      isAdmin: true,
    })
  })
})

describe('user list paging', () => {
  it('returns the first 100 (the most a page holds) when neither page nor limit is asked for', () => {
    expect(userPage({})).toEqual({ q: undefined, page: 1, limit: 100, skip: 0, take: 100 })
    expect(userPage({ q: 'asha' })).toEqual({ q: 'asha', page: 1, limit: 100, skip: 0, take: 100 })
  })

  it('pages 15 at a time by default and honours limit', () => {
    expect(userPage({ page: 2 })).toEqual({ q: undefined, page: 2, limit: 15, skip: 15, take: 15 })
    expect(userPage({ page: 3, limit: 10 })).toEqual({ q: undefined, page: 3, limit: 10, skip: 20, take: 10 })
    expect(userPage({ limit: 5 })).toEqual({ q: undefined, page: 1, limit: 5, skip: 0, take: 5 })
  })
})
