import { PASSWORD_CHANGED, RESET_LINK_SENT } from '@medstore/contracts/identity'
import { eventRecorder } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESET_LINK_INVALID } from '../src/use-cases/sessions'
import { client, type Identity, registered, startIdentity } from './support'

let identity: Identity
let api: ReturnType<typeof client>
let events: Awaited<ReturnType<typeof eventRecorder>>

beforeAll(async () => {
  identity = await startIdentity({ SHELL_URL: 'https://shop.example.in' })
  api = client(identity)
  events = await eventRecorder(identity.bus)
})
afterAll(async () => {
  await events?.close()
  await identity?.close()
})

type Auth = { token: string; refreshToken: string; userInfo: { id: string } }
const signIn = async (email: string, password: string) =>
  (await (await api.login(email, password)).json()) as Auth
const refresh = (refreshToken: string) => api.call('POST', '/auth/refresh', { refreshToken })

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new pair and uses the old token up', async () => {
    const { body } = await registered(identity)
    const first = await signIn(body.email, body.password)
    expect(first.refreshToken).toMatch(/^[\w-]{43}$/)
    const res = await refresh(first.refreshToken)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const second = (await res.json()) as Auth
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(second.userInfo).toEqual(first.userInfo)
    expect((await api.call('GET', '/auth/me', undefined, second.token)).status).toBe(200)
    expect((await refresh(second.refreshToken)).status).toBe(200)
  })

  it('refuse a reused token and end its whole family (the thief’s copy and the owner’s)', async () => {
    const { body } = await registered(identity)
    const stolen = (await signIn(body.email, body.password)).refreshToken
    const owners = (await (await refresh(stolen)).json()) as Auth
    const reuse = await refresh(stolen)
    expect(reuse.status).toBe(401)
    expect((await reuse.json()).message).toBe(
      'Your session has expired or is not valid. Please sign in again.',
    )
    expect((await refresh(owners.refreshToken)).status).toBe(401)
    // Another device's session goes on.
    const other = await signIn(body.email, body.password)
    expect((await refresh(other.refreshToken)).status).toBe(200)
  })

  it('are stored only as hashes', async () => {
    const { body } = await registered(identity)
    const { refreshToken } = await signIn(body.email, body.password)
    const { rows } = await identity.pool.query('SELECT "tokenHash" FROM "RefreshToken"')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((r) => r.tokenHash === refreshToken)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true)
  })
})

describe('signing out', () => {
  it('ends this device’s session only', async () => {
    const { body } = await registered(identity)
    const phone = await signIn(body.email, body.password)
    const laptop = await signIn(body.email, body.password)
    expect((await api.call('POST', '/auth/logout', { refreshToken: phone.refreshToken })).status).toBe(204)
    expect((await refresh(phone.refreshToken)).status).toBe(401)
    expect((await refresh(laptop.refreshToken)).status).toBe(200)
  })

  it('everywhere ends every session of the account', async () => {
    const { body } = await registered(identity)
    const phone = await signIn(body.email, body.password)
    const laptop = await signIn(body.email, body.password)
    expect((await api.call('POST', '/auth/logout-all', undefined, laptop.token)).status).toBe(204)
    expect((await refresh(phone.refreshToken)).status).toBe(401)
    expect((await refresh(laptop.refreshToken)).status).toBe(401)
    expect((await api.call('POST', '/auth/logout-all')).status).toBe(401)
  })
})

describe('changing the password', () => {
  const change = (token: string, currentPassword: string, newPassword: string, cmPassword = newPassword) =>
    api.call('POST', '/auth/password', { currentPassword, newPassword, cmPassword }, token)

  it('needs the current password and a strong new one', async () => {
    const { body, token } = await registered(identity)
    const wrong = await change(token, 'not my password', 'a fresh long phrase 42')
    // 400 on the field: a 401 would tell the web client the session had ended.
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({
      message: 'Your current password is not correct',
      errors: [
        {
          path: 'currentPassword',
          message: 'Your current password is not correct',
          code: 'wrong_current_password',
        },
      ],
    })
    const weak = await change(token, body.password, '12345678')
    expect(weak.status).toBe(400)
    const weakBody = await weak.json()
    expect(weakBody.message).toMatch(/^This password is too easy to guess/)
    expect(weakBody.errors).toMatchObject([{ path: 'newPassword', code: 'weak_password' }])
    expect((await change(token, body.password, 'a fresh long phrase 42', 'other')).status).toBe(400)
  })

  it('ends every other session, gives this one new tokens, and the new password signs in', async () => {
    const { body } = await registered(identity)
    const other = await signIn(body.email, body.password)
    const here = await signIn(body.email, body.password)
    const res = await change(here.token, body.password, 'a fresh long phrase 42')
    expect(res.status).toBe(200)
    const renewed = (await res.json()) as Auth
    expect((await refresh(other.refreshToken)).status).toBe(401)
    expect((await refresh(here.refreshToken)).status).toBe(401)
    expect((await refresh(renewed.refreshToken)).status).toBe(200)
    expect((await api.login(body.email, body.password)).status).toBe(401)
    expect((await api.login(body.email, 'a fresh long phrase 42')).status).toBe(200)
  })

  it('slows down guessing the current password with a session (429 with Retry-After), the right one then still asked for', async () => {
    const { body, token } = await registered(identity)
    // LOGIN_MAX_FAILURES (5) free wrong guesses, then waits.
    for (let guess = 0; guess < 5; guess++)
      expect((await change(token, `guess number ${guess}`, 'a fresh long phrase 42')).status).toBe(400)
    const throttled = await change(token, body.password, 'a fresh long phrase 42')
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await throttled.json()).message).toMatch(/^Too many wrong current passwords for this account/)
    // Nothing changed: the old password still signs in.
    expect((await api.login(body.email, body.password)).status).toBe(200)
  })
})

describe('forgot password', () => {
  const forgot = (email: string, ip = '192.0.2.50') =>
    api.call('POST', '/auth/forgot-password', { email }, undefined, { 'x-forwarded-for': ip })
  const reset = (token: string, password: string) =>
    api.call('POST', '/auth/reset-password', { token, password, cmPassword: password })
  const linkFor = async (userId: string) => {
    const mine = () =>
      events
        .ofType('user.password_reset_requested')
        .filter((e) => (e.data as { userId: string }).userId === userId)
    await events.until(() => mine().length > 0)
    const url = new URL((mine().at(-1)!.data as { resetUrl: string }).resetUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example.in/reset-password')
    return url.searchParams.get('token')!
  }

  it('answers the same for an unknown email, and sends nothing', async () => {
    const res = await forgot('nobody.here@example.in')
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ message: RESET_LINK_SENT })
  })

  it('e-mails a link (by event) that sets a new password once and ends every session', async () => {
    const { body, userInfo } = await registered(identity)
    const session = await signIn(body.email, body.password)
    const res = await forgot(body.email.toUpperCase())
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ message: RESET_LINK_SENT })
    const token = await linkFor(userInfo.id)
    const weak = await reset(token, 'password1')
    expect(weak.status).toBe(400)
    const done = await reset(token, 'monsoon mango lassi')
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ message: PASSWORD_CHANGED })
    expect((await refresh(session.refreshToken)).status).toBe(401)
    expect((await api.login(body.email, 'monsoon mango lassi')).status).toBe(200)
    // Used once: the same link is refused.
    const twice = await reset(token, 'another monsoon phrase')
    expect(twice.status).toBe(400)
    expect((await twice.json()).message).toBe(RESET_LINK_INVALID)
    expect((await api.login(body.email, 'monsoon mango lassi')).status).toBe(200)
  })

  it('refuses a link after it expired', async () => {
    const { body, userInfo } = await registered(identity)
    await forgot(body.email)
    const token = await linkFor(userInfo.id)
    await identity.pool.query(
      `UPDATE "PasswordReset" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`,
      [userInfo.id],
    )
    const late = await reset(token, 'monsoon mango lassi')
    expect(late.status).toBe(400)
    expect((await late.json()).message).toBe(RESET_LINK_INVALID)
    expect((await api.login(body.email, body.password)).status).toBe(200)
  })

  it('slows down one address asking again and again', async () => {
    const ip = '192.0.2.77'
    for (let i = 0; i < 10; i++) expect((await forgot(`someone${i}@example.in`, ip)).status).toBe(202)
    const res = await forgot('someone@example.in', ip)
    expect(res.status).toBe(429)
    expect((await res.json()).message).toMatch(/^Too many password reset requests from your network\./)
  })
})
