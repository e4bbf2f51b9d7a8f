import { eventRecorder } from '@medstore/service-kit/testing'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEAK_PASSWORD } from '../src/domain/password-strength'
import { ADMIN, client, type Identity, newCustomer, registered, startIdentity } from './support'

let identity: Identity
let api: ReturnType<typeof client>
let events: Awaited<ReturnType<typeof eventRecorder>>

beforeAll(async () => {
  identity = await startIdentity({ SIGNUP_MAX_ATTEMPTS: '2', SIGNUP_ADDRESS_MAX_ATTEMPTS: '12' })
  api = client(identity)
  events = await eventRecorder(identity.bus)
})
afterAll(async () => {
  await events?.close()
  await identity?.close()
})

async function expectRefused(body: unknown, message: string, path: string) {
  const res = await api.signUp(body)
  expect(res.status).toBe(400)
  const answer = await res.json()
  expect(answer.message).toBe(message)
  expect(answer.errors).toContainEqual(expect.objectContaining({ path, message }))
}

describe('sign-up validation: each rule answers 400 naming the problem', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['first name missing', { firstName: undefined }, 'firstName', 'First name is required'],
    ['first name blank', { firstName: '   ' }, 'firstName', 'First name is required'],
    ['first name not text', { firstName: 42 }, 'firstName', 'First name is required'],
    [
      'first name too long',
      { firstName: 'A'.repeat(51) },
      'firstName',
      'First name must be at most 50 characters',
    ],
    ['last name missing', { lastName: undefined }, 'lastName', 'Last name is required'],
    ['last name blank', { lastName: '' }, 'lastName', 'Last name is required'],
    ['user name missing', { userName: undefined }, 'userName', 'Username is required'],
    [
      'user name shorter than 3',
      { userName: 'ab' },
      'userName',
      'Username must be 3–30 letters, digits, dots or underscores',
    ],
    [
      'user name longer than 30',
      { userName: 'a'.repeat(31) },
      'userName',
      'Username must be 3–30 letters, digits, dots or underscores',
    ],
    [
      'user name with a space',
      { userName: 'asha rao' },
      'userName',
      'Username must be 3–30 letters, digits, dots or underscores',
    ],
    [
      'user name with a dash',
      { userName: 'asha-rao' },
      'userName',
      'Username must be 3–30 letters, digits, dots or underscores',
    ],
    ['email missing', { email: undefined }, 'email', 'Email is required'],
    ['email not an address', { email: 'asha.example.in' }, 'email', 'Enter a valid email address'],
    ['email without domain', { email: 'asha@' }, 'email', 'Enter a valid email address'],
    ['phone missing', { phone: undefined }, 'phone', 'Phone number is required'],
    [
      'phone too short',
      { phone: '98765' },
      'phone',
      'Enter a valid Indian mobile number (10 digits, optionally with +91)',
    ],
    [
      'phone not a mobile (starts with 5)',
      { phone: '5876543210' },
      'phone',
      'Enter a valid Indian mobile number (10 digits, optionally with +91)',
    ],
    [
      'phone of another country',
      { phone: '+88 01712345678' },
      'phone',
      'Enter a valid Indian mobile number (10 digits, optionally with +91)',
    ],
    [
      'phone with letters',
      { phone: '98765abcde' },
      'phone',
      'Enter a valid Indian mobile number (10 digits, optionally with +91)',
    ],
    ['password missing', { password: undefined, cmPassword: undefined }, 'password', 'Password is required'],
    [
      'password shorter than 8',
      { password: 'seven77', cmPassword: 'seven77' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'password of spaces only',
      { password: '        ', cmPassword: '        ' },
      'password',
      'Password cannot be only spaces',
    ],
    ...['12345678', 'password1', 'qwertyuiop', 'asha_rao_1'].map(
      (weak) =>
        [
          `guessable password ${weak}`,
          { password: weak, cmPassword: weak, userName: 'asha_rao_1' },
          'password',
          WEAK_PASSWORD,
        ] as [string, Record<string, unknown>, string, string],
    ),
    [
      'email of 200 KB',
      { email: `${'a'.repeat(200_000)}@example.in` },
      'email',
      'Email must be at most 254 characters',
    ],
    ['confirmation missing', { cmPassword: undefined }, 'cmPassword', 'Please confirm your password'],
    ['confirmation different', { cmPassword: 'something else' }, 'cmPassword', 'Passwords do not match'],
  ]
  it.each(cases)('%s', async (_name, overrides, path, message) => {
    await expectRefused(newCustomer(overrides), message, path)
  })

  it('answers an empty body with the first missing field', async () => {
    const res = await api.call('POST', '/auth/sineUp')
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('First name is required')
  })

  it('answers malformed JSON with 400', async () => {
    const res = await api.signUp('{"firstName": ')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Malformed JSON in request body', code: 'malformed_request' })
  })

  it('creates nothing when a field is invalid', async () => {
    const body = newCustomer({ phone: '123' })
    await api.signUp(body)
    const res = await api.signUp({ ...body, phone: '9876543210' })
    expect(res.status).toBe(201)
  })
})

describe('a successful sign-up', () => {
  it('answers 201 with a token and the documented userInfo (name = first and last)', async () => {
    const body = newCustomer({ firstName: ' Asha ', lastName: 'Rao' })
    const res = await api.signUp(body)
    expect(res.status).toBe(201)
    const answer = await res.json()
    expect(Object.keys(answer).sort()).toEqual(['refreshToken', 'token', 'userInfo'])
    expect(answer.userInfo).toEqual({
      id: expect.any(String),
      name: 'Asha Rao',
      email: body.email,
      userName: body.userName,
      isAdmin: false,
      locale: null,
    })
    const claims = jwt.decode(answer.token) as jwt.JwtPayload
    expect(claims).toMatchObject({
      sub: answer.userInfo.id,
      userName: body.userName,
      name: 'Asha Rao',
      isAdmin: false,
    })
  })

  it('answers the same shape as sign-in', async () => {
    const { body, ...signedUp } = await registered(identity)
    const res = await api.login(body.email, body.password)
    const signedIn = await res.json()
    expect(Object.keys(signedIn).sort()).toEqual(Object.keys(signedUp).sort())
    expect(signedIn.userInfo).toEqual(signedUp.userInfo)
  })

  it('works under the corrected alias /auth/signup too', async () => {
    const res = await api.signUp(newCustomer(), '/auth/signup')
    expect(res.status).toBe(201)
    expect((await res.json()).userInfo.isAdmin).toBe(false)
  })

  it('accepts +91, spaces and dashes and keeps the 10 digits; lower-cases the email', async () => {
    const { body, userInfo } = await registered(identity, {
      phone: '+91 98765-43210',
      email: 'Ravi.K@Example.IN',
    })
    expect(userInfo).toMatchObject({ email: 'ravi.k@example.in' })
    const admin = await (await api.login(ADMIN.email, ADMIN.password)).json()
    const users = await (await api.users(admin.token)).json()
    expect(users.find((u: { _id: string }) => u._id === userInfo.id)).toMatchObject({
      phone: '9876543210',
      email: 'ravi.k@example.in',
      userName: body.userName,
    })
  })

  it('never makes an administrator, whatever the body says', async () => {
    const res = await api.signUp({ ...newCustomer(), isAdmin: true, role: 'admin', admin: true })
    expect(res.status).toBe(201)
    const { token, userInfo } = await res.json()
    expect(userInfo.isAdmin).toBe(false)
    expect((jwt.decode(token) as jwt.JwtPayload).isAdmin).toBe(false)
    expect((await api.users(token)).status).toBe(403)
  })

  it('stores an argon2id hash and never answers with it or the password', async () => {
    const body = newCustomer()
    const res = await api.signUp(body)
    const text = await res.text()
    expect(text).not.toContain(body.password)
    expect(text).not.toMatch(/argon2|passwordHash/)
    const { rows } = await identity.pool.query('SELECT "passwordHash" FROM "User" WHERE email = $1', [
      body.email,
    ])
    expect(rows[0].passwordHash).toMatch(/^\$argon2id\$/)
    expect(rows[0].passwordHash).not.toContain(body.password)
  })

  it('publishes user.registered with the new account', async () => {
    const { userInfo, body } = await registered(identity)
    const mine = () =>
      events.ofType('user.registered').find((e) => (e.data as { userId: string }).userId === userInfo.id)
    await events.until(() => mine() !== undefined)
    const event = mine()
    expect(event).toMatchObject({
      type: 'user.registered',
      version: 1,
      data: {
        userId: userInfo.id,
        userName: body.userName,
        email: body.email,
        name: 'Asha Rao',
        isAdmin: false,
      },
    })
  })
})

describe('taken email or user name', () => {
  it('answers 409 saying the email is taken, in any letter case', async () => {
    const { body } = await registered(identity)
    const res = await api.signUp(newCustomer({ email: body.email.toUpperCase() }))
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'conflict',
      errors: [{ path: 'email', message: 'An account with this email already exists', code: 'email_taken' }],
    })
  })

  it('answers 409 saying the user name is taken, in any letter case', async () => {
    const { body } = await registered(identity)
    const res = await api.signUp(newCustomer({ userName: body.userName.toUpperCase() }))
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      message: 'This username is already taken',
      code: 'conflict',
      errors: [{ path: 'userName', message: 'This username is already taken', code: 'user_name_taken' }],
    })
  })

  it("keeps the administrator's user name for the administrator", async () => {
    const res = await api.signUp(newCustomer({ userName: 'admin' }))
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      message: 'This username is already taken',
      code: 'conflict',
      errors: [{ path: 'userName', message: 'This username is already taken', code: 'user_name_taken' }],
    })
  })

  it('takes exactly one of two simultaneous sign-ups with the same email', async () => {
    const email = newCustomer().email
    const results = await Promise.all(
      [1, 2, 3].map(() => api.signUp(newCustomer({ email })).then((r) => r.status)),
    )
    expect(results.sort()).toEqual([201, 409, 409])
  })

  it('answers 429 after too many refused sign-ups for one email (per-account limit)', async () => {
    const { body } = await registered(identity)
    const from = { 'x-forwarded-for': '198.51.100.40' }
    const again = () => api.call('POST', '/auth/sineUp', newCustomer({ email: body.email }), undefined, from)
    for (let i = 0; i < 2; i++) expect((await again()).status).toBe(409)
    const res = await again()
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({
      message: 'Too many sign-up attempts for this email. Please try again in 1 second.',
      code: 'rate_limited',
    })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await api.signUp(newCustomer())).status).toBe(201)
  })

  it('counts refusals per address too, so checking a list of emails from one place is slowed down', async () => {
    const existing = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(() => registered(identity)),
    )
    const prober = { 'x-forwarded-for': '198.51.100.23' }
    const probe = (email: string) =>
      api.call('POST', '/auth/sineUp', newCustomer({ email }), undefined, prober)
    for (const account of existing.slice(0, 12)) {
      const refused = await probe(account.body.email)
      expect(refused.status).toBe(409)
      // The spec's message stays as it is.
      expect((await refused.json()).message).toBe('An account with this email already exists')
    }
    const slowed = await probe(existing[12]!.body.email)
    expect(slowed.status).toBe(429)
    expect((await slowed.json()).message).toBe(
      'Too many sign-up attempts from your network. Please try again in 1 second.',
    )
    // Someone else behind another address signs up as usual.
    const other = await api.call('POST', '/auth/sineUp', newCustomer(), undefined, {
      'x-forwarded-for': '198.51.100.24',
    })
    expect(other.status).toBe(201)
  })
})
