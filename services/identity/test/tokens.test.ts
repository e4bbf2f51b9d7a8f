import { createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, client, type Identity, registered, startIdentity } from './support'

// The test knows the service's key so that it can forge the tokens a real attacker could not: expired,
// tampered with, wrong audience or issuer.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

let identity: Identity
let api: ReturnType<typeof client>
let kid: string
let customer: Awaited<ReturnType<typeof registered>>
let adminToken: string

beforeAll(async () => {
  identity = await startIdentity({ JWT_PRIVATE_KEY: pem })
  api = client(identity)
  kid = (await (await fetch(`${identity.url}/.well-known/jwks.json`)).json()).keys[0].kid
  customer = await registered(identity)
  adminToken = (await (await api.login(ADMIN.email, ADMIN.password)).json()).token
})
afterAll(() => identity?.close())

const sign = (claims: object, options: jwt.SignOptions = {}, key = privateKey) =>
  jwt.sign({ userName: 'x', name: 'X', isAdmin: true, ...claims }, key, {
    algorithm: 'RS256',
    keyid: kid,
    issuer: 'medicine-store-identity',
    audience: 'medicine-store',
    subject: customer.userInfo.id,
    expiresIn: '1h',
    ...options,
  })

describe('the public key (JWKS)', () => {
  it('publishes the RS256 public key that verifies issued tokens', async () => {
    const res = await fetch(`${identity.url}/.well-known/jwks.json`)
    expect(res.status).toBe(200)
    const { keys } = await res.json()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })
    expect(keys[0]).not.toHaveProperty('d')
    const claims = jwt.verify(customer.token, createPublicKey({ key: keys[0], format: 'jwk' }), {
      algorithms: ['RS256'],
      issuer: 'medicine-store-identity',
      audience: 'medicine-store',
    }) as jwt.JwtPayload
    expect(claims).toMatchObject({
      sub: customer.userInfo.id,
      userName: customer.body.userName,
      name: 'Asha Rao',
      isAdmin: false,
    })
    expect(jwt.decode(customer.token, { complete: true })?.header).toMatchObject({
      alg: 'RS256',
      kid: keys[0].kid,
    })
  })

  it('issues access tokens that expire after 15 minutes by default', () => {
    const { iat, exp } = jwt.decode(customer.token) as jwt.JwtPayload
    expect(exp! - iat!).toBe(15 * 60)
  })
})

describe('which tokens are accepted', () => {
  const me = (authorization?: string) =>
    fetch(`${identity.url}/auth/me`, { headers: authorization ? { authorization } : {} })

  it.each(['bearer', 'Bearer', 'BEARER', 'bEaReR'])('accepts the scheme written %s', async (scheme) => {
    const res = await me(`${scheme} ${customer.token}`)
    expect(res.status).toBe(200)
  })

  it('answers 401 without a token', async () => {
    const res = await me()
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Please sign in to continue', code: 'unauthenticated' })
  })

  const invalid: Array<[string, () => string]> = [
    ['expired', () => sign({ isAdmin: false }, { expiresIn: -10 })],
    [
      'tampered with (isAdmin flipped)',
      () => {
        const [h, p, s] = customer.token.split('.')
        const payload = { ...JSON.parse(Buffer.from(p!, 'base64url').toString()), isAdmin: true }
        return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`
      },
    ],
    [
      'unsigned (alg none)',
      () => {
        const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
        const payload = jwt.decode(customer.token) as object
        return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, isAdmin: true })}.`
      },
    ],
    ['signed with another key', () => sign({}, {}, otherKey)],
    ['for another audience', () => sign({}, { audience: 'someone-else' })],
    ['from another issuer', () => sign({}, { issuer: 'someone-else' })],
    [
      'HMAC-signed with the public key as secret',
      () => {
        const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()
        const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
        const body = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64({ ...(jwt.decode(customer.token) as object), isAdmin: true })}`
        return `${body}.${createHmac('sha256', publicPem).update(body).digest('base64url')}`
      },
    ],
    ['not a token at all', () => 'not-a-token'],
  ]
  it.each(invalid)('answers 401 to a token %s, on a user route and an admin route', async (_name, token) => {
    for (const path of ['/auth/me', '/user']) {
      const res = await fetch(`${identity.url}${path}`, { headers: { authorization: `bearer ${token()}` } })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        message: 'Your session has expired or is not valid. Please sign in again.',
        code: 'unauthenticated',
      })
    }
  })

  it('answers 401 to a scheme other than bearer', async () => {
    expect((await me(`Basic ${customer.token}`)).status).toBe(401)
  })

  it('answers 401 to a valid token of an account that no longer exists', async () => {
    const gone = await registered(identity)
    await identity.pool.query('DELETE FROM "User" WHERE id = $1', [gone.userInfo.id])
    expect((await me(`bearer ${gone.token}`)).status).toBe(401)
  })

  it('honours JWT_TTL', async () => {
    const short = await startIdentity({ JWT_TTL: '30m' })
    try {
      const { token } = await registered(short)
      const { iat, exp } = jwt.decode(token) as jwt.JwtPayload
      expect(exp! - iat!).toBe(1800)
    } finally {
      await short.close()
    }
  }, 60_000)

  it('lets the administrator token through where the customer token is refused', async () => {
    expect((await api.users(adminToken)).status).toBe(200)
    expect((await api.users(customer.token)).status).toBe(403)
  })
})
