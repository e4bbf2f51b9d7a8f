import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, client, type Identity, registered, startIdentity } from './support'

let identity: Identity
let api: ReturnType<typeof client>

beforeAll(async () => {
  identity = await startIdentity({ LOGIN_MAX_FAILURES: '3' })
  api = client(identity)
})
afterAll(() => identity?.close())

describe('sign-in', () => {
  it('answers 200 with a token and userInfo for the right email and password', async () => {
    const { body, userInfo } = await registered(identity)
    const res = await api.login(body.email, body.password)
    expect(res.status).toBe(200)
    const answer = await res.json()
    expect(answer.userInfo).toEqual(userInfo)
    expect(answer.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const me = await api.call('GET', '/auth/me', undefined, answer.token)
    expect(me.headers.get('cache-control')).toBe('no-store')
    expect(await me.json()).toEqual(userInfo)
  })

  it('ignores the letter case and spaces around the email', async () => {
    const { body } = await registered(identity)
    const res = await api.login(`  ${body.email.toUpperCase()} `, body.password)
    expect(res.status).toBe(200)
  })

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { body } = await registered(identity)
    const wrongPassword = await api.login(body.email, 'not the password')
    const unknownEmail = await api.login('nobody@example.in', body.password)
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    const a = await wrongPassword.json()
    expect(a).toEqual({ message: 'Invalid email or password', code: 'unauthenticated' })
    expect(await unknownEmail.json()).toEqual(a)
  })

  it('answers 400 when the email is missing', async () => {
    const res = await api.call('POST', '/auth/login', { password: 'whatever1' })
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Email is required')
  })

  it('answers 400 when the password is missing', async () => {
    const res = await api.call('POST', '/auth/login', { email: 'asha@example.in' })
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Password is required')
  })

  it('refuses an oversized email with 400 before anything is stored', async () => {
    const huge = `${'a'.repeat(200_000)}@example.in`
    const res = await api.login(huge, 'whatever password')
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Email must be at most 254 characters')
    const { rows } = await identity.pool.query(
      'SELECT count(*)::int AS n FROM "AttemptCounter" WHERE length(key) > 300',
    )
    expect(rows[0].n).toBe(0)
  })

  it('signs the administrator in as an administrator', async () => {
    const res = await api.login(ADMIN.email, ADMIN.password)
    expect(res.status).toBe(200)
    expect((await res.json()).userInfo).toMatchObject({
      email: ADMIN.email,
      userName: 'ADMIN',
      isAdmin: true,
    })
  })
})

describe('per-account limit on failed sign-ins', () => {
  it('locks the account after 3 failures, even for the right password, and says so with 429', async () => {
    const { body } = await registered(identity)
    for (let i = 0; i < 3; i++) expect((await api.login(body.email, 'wrong password')).status).toBe(401)
    const res = await api.login(body.email, body.password)
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({
      message: 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.',
      code: 'rate_limited',
    })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800)
  })

  it('locks only that account', async () => {
    const { body: locked } = await registered(identity)
    const { body: other } = await registered(identity)
    for (let i = 0; i < 3; i++) await api.login(locked.email, 'wrong password')
    expect((await api.login(other.email, other.password)).status).toBe(200)
  })

  it('counts unknown emails too, so a lock does not reveal that an account exists', async () => {
    for (let i = 0; i < 3; i++) await api.login('ghost@example.in', 'wrong password')
    expect((await api.login('ghost@example.in', 'wrong password')).status).toBe(429)
  })

  it('starts counting afresh after a successful sign-in', async () => {
    const { body } = await registered(identity)
    for (let i = 0; i < 2; i++) await api.login(body.email, 'wrong password')
    expect((await api.login(body.email, body.password)).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await api.login(body.email, 'wrong password')).status).toBe(401)
    expect((await api.login(body.email, body.password)).status).toBe(200)
  })

  it('counts every one of many simultaneous failures', async () => {
    const { body } = await registered(identity)
    await Promise.all([1, 2, 3].map(() => api.login(body.email, 'wrong password')))
    expect((await api.login(body.email, body.password)).status).toBe(429)
  })
})
