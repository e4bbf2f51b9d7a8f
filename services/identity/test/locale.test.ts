import { eventRecorder } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, type Identity, newCustomer, registered, startIdentity } from './support'

let identity: Identity
let api: ReturnType<typeof client>
let events: Awaited<ReturnType<typeof eventRecorder>>

beforeAll(async () => {
  identity = await startIdentity()
  api = client(identity)
  events = await eventRecorder(identity.bus)
})
afterAll(async () => {
  await events?.close()
  await identity?.close()
})

const setLocale = (token: string | undefined, body: unknown) => api.call('PUT', '/auth/locale', body, token)
const changesOf = (userId: string) =>
  events.ofType('user.locale_changed').filter((e) => (e.data as { userId: string }).userId === userId)

describe("the customer's language, kept by the server", () => {
  it('is null until the customer picks one', async () => {
    const { userInfo } = await registered(identity)
    expect(userInfo).toMatchObject({ locale: null })
  })

  it('is the language the sign-up form was filled in, and user.registered carries it', async () => {
    const body = newCustomer({ locale: 'hi' })
    const res = await api.signUp(body)
    expect(res.status).toBe(201)
    const { userInfo } = await res.json()
    expect(userInfo.locale).toBe('hi')
    const registration = () =>
      events.ofType('user.registered').find((e) => (e.data as { userId: string }).userId === userInfo.id)
    await events.until(() => registration() !== undefined)
    expect(registration()?.data).toMatchObject({ userId: userInfo.id, locale: 'hi' })
  })

  it('is kept when the signed-in customer switches, and another device signing in gets it', async () => {
    const { token, userInfo, body } = await registered(identity)
    const res = await setLocale(token, { locale: 'hi' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: userInfo.id, locale: 'hi' })

    const elsewhere = await api.login(body.email, body.password)
    expect((await elsewhere.json()).userInfo.locale).toBe('hi')
    const me = await api.call('GET', '/auth/me', undefined, token)
    expect((await me.json()).locale).toBe('hi')
    const { rows } = await identity.pool.query('SELECT locale FROM "User" WHERE id = $1', [userInfo.id])
    expect(rows[0].locale).toBe('hi')

    await events.until(() => changesOf(userInfo.id).length === 1)
    expect(changesOf(userInfo.id)[0]).toMatchObject({
      type: 'user.locale_changed',
      data: { userId: userInfo.id, locale: 'hi' },
    })
  })

  it('publishes a change only when the language changes', async () => {
    const { token, userInfo } = await registered(identity)
    for (const locale of ['hi', 'hi', 'en']) {
      expect((await setLocale(token, { locale })).status).toBe(200)
    }
    // The outbox relays in the order written: once en's event is out, one for the repeated hi would be too.
    await events.until(() =>
      changesOf(userInfo.id).some((e) => (e.data as { locale: string }).locale === 'en'),
    )
    expect(changesOf(userInfo.id).map((e) => (e.data as { locale: string }).locale)).toEqual(['hi', 'en'])
  })

  it.each([
    ['a language the shop does not speak', { locale: 'fr' }],
    ['no language', {}],
    ['not text', { locale: 7 }],
  ])('refuses %s with 400 and a message', async (_, body) => {
    const { token, userInfo } = await registered(identity)
    const res = await setLocale(token, body)
    expect(res.status).toBe(400)
    const answer = await res.json()
    expect(answer.message).toBe('Language must be one of en, hi')
    expect(answer.errors).toContainEqual({ path: 'locale', message: 'Language must be one of en, hi' })
    const { rows } = await identity.pool.query('SELECT locale FROM "User" WHERE id = $1', [userInfo.id])
    expect(rows[0].locale).toBeNull()
  })

  it('refuses a sign-up in a language the shop does not speak', async () => {
    const res = await api.signUp(newCustomer({ locale: 'de' }))
    expect(res.status).toBe(400)
    expect((await res.json()).errors).toContainEqual({
      path: 'locale',
      message: 'Language must be one of en, hi',
    })
  })

  it('is only for a signed-in user', async () => {
    expect((await setLocale(undefined, { locale: 'hi' })).status).toBe(401)
    expect((await setLocale('not-a-token', { locale: 'hi' })).status).toBe(401)
  })
})
