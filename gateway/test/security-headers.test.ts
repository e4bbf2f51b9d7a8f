import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SERVICES } from '@medstore/contracts'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, startGateway } from './support'

/**
 * The gateway's edge: security headers on its own and on proxied answers (HSTS in production only), and
 * every kind of forged or stale token refused with 401 before anything reaches a service. One stand-in
 * upstream serves the signing keys (as identity does) and answers every proxied request.
 */
const ISSUER = 'medicine-store-identity'
const AUDIENCE = 'medicine-store'
const KID = 'key-1'
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 })
const signing = keyPair()
const stranger = keyPair()

let upstream: Server
let upstreamUrl: string
let proxied = 0
let dev: Gateway
let production: Gateway

beforeAll(async () => {
  const jwk = {
    ...(signing.publicKey.export({ format: 'jwk' }) as object),
    kid: KID,
    alg: 'RS256',
    use: 'sig',
  }
  upstream = http.createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }))
      return
    }
    proxied++
    // A service may send HSTS of its own (the kit's services did, through helmet): the development gateway
    // must not pass it on.
    res
      .writeHead(200, { 'content-type': 'application/json', 'strict-transport-security': 'max-age=15552000' })
      .end('{"items":[]}')
  })
  upstream.listen(0, '127.0.0.1')
  await new Promise((resolve) => upstream.once('listening', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  const services = new Map(SERVICES.map((s) => [s.name, { url: upstreamUrl }]))
  const env = { JWKS_URL: `${upstreamUrl}/.well-known/jwks.json`, JWT_ISSUER: ISSUER, JWT_AUDIENCE: AUDIENCE }
  dev = await startGateway(services, env)
  production = await startGateway(services, { ...env, NODE_ENV: 'production' })
})

afterAll(async () => {
  await dev?.close()
  await production?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
})

describe('security headers', () => {
  it.each([
    ['its own answer', '/nowhere'],
    ['a proxied answer', '/category'],
  ])(
    'sends no-sniff, a CSP that frames and runs nothing, and no HSTS in development on %s',
    async (_w, path) => {
      const res = await fetch(`${dev.url}${path}`)
      await res.arrayBuffer()
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/)
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('strict-transport-security')).toBeNull()
    },
  )

  it.each(['/nowhere', '/category'])('sends HSTS in production (%s)', async (path) => {
    const res = await fetch(`${production.url}${path}`)
    await res.arrayBuffer()
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('requests node cannot take', () => {
  it('answers an over-long address with 431 in the error shape, not a bare status line', async () => {
    const res = await fetch(`${dev.url}/product?q=${'x'.repeat(40_000)}`)
    expect(res.status).toBe(431)
    expect(await res.json()).toEqual({
      message: 'The address or headers of the request are too large',
      code: 'too_large',
    })
  })
})

describe('token attacks → 401, and nothing reaches the service', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const sign = (
    key: KeyObject,
    options: { issuer?: string; audience?: string; expiresIn?: number; kid?: string } = {},
  ) =>
    jwt.sign({ userName: 'asha', name: 'Asha Rao', isAdmin: false }, key, {
      algorithm: 'RS256',
      keyid: options.kid ?? KID,
      issuer: options.issuer ?? ISSUER,
      audience: options.audience ?? AUDIENCE,
      subject: 'user-1',
      expiresIn: options.expiresIn ?? 3600,
    })
  const valid = () => sign(signing.privateKey)
  const tampered = () => {
    const [h, p, s] = valid().split('.')
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
    return `${h}.${b64({ ...claims, isAdmin: true })}.${s}`
  }

  const attacks: Array<[string, () => string]> = [
    ['expired', () => sign(signing.privateKey, { expiresIn: -60 })],
    ['tampered', tampered],
    [
      'alg none',
      () =>
        `${b64({ alg: 'none', typ: 'JWT', kid: KID })}.${b64({ sub: 'user-1', iss: ISSUER, aud: AUDIENCE, exp: 9e9 })}.`,
    ],
    ['signed with another key', () => sign(stranger.privateKey)],
    ['an unknown key id', () => sign(stranger.privateKey, { kid: 'key-forged' })],
    ['the wrong audience', () => sign(signing.privateKey, { audience: 'another-app' })],
    ['the wrong issuer', () => sign(signing.privateKey, { issuer: 'https://evil.example' })],
    [
      'HS256 with the public key as secret',
      () =>
        jwt.sign({ sub: 'user-1' }, signing.publicKey.export({ type: 'spki', format: 'pem' }).toString(), {
          algorithm: 'HS256',
          keyid: KID,
          issuer: ISSUER,
          audience: AUDIENCE,
        }),
    ],
    ['garbage', () => 'not.a.token'],
  ]

  it('lets a valid token through (the check is not refusing everything)', async () => {
    const before = proxied
    const res = await fetch(`${dev.url}/cart`, { headers: { authorization: `bearer ${valid()}` } })
    expect(res.status).toBe(200)
    expect(proxied).toBe(before + 1)
  })

  it.each(attacks)('refuses a token %s with 401', async (_what, token) => {
    const before = proxied
    const res = await fetch(`${dev.url}/cart`, { headers: { authorization: `bearer ${token()}` } })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: expect.any(String), code: 'unauthenticated' })
    expect(proxied).toBe(before)
  })
})
