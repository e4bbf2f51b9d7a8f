import http from 'node:http'
import { API_ROUTES, SERVICES } from '@medstore/contracts'
import { registerRequest } from '@medstore/contracts/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ADMIN, type Gateway, signUpCustomer, startGateway, useTestShop } from './support'

const shop = useTestShop()

const get = (path: string, init: RequestInit = {}) => fetch(`${shop.gateway.url}${path}`, init)

describe('routing', () => {
  it('reports healthy when every service is ready', async () => {
    const res = await get('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'ok',
      services: Object.fromEntries(SERVICES.map((service) => [service.name, 'ready'])),
    })
  })

  it.each([
    '/admin/secrets',
    '/internal/reservations',
    '/.well-known/jwks.json',
    '/userx',
    '/products',
    '/health/ready',
  ])('answers %s, outside the documented families, with a JSON 404', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ message: `No route for GET ${path}`, code: 'not_found' })
  })

  it('never lets a dot-segment path reach a service’s internal routes', async () => {
    // fetch would normalise these; a raw request sends them as written.
    for (const path of ['/product/../internal/reservations', '/product/..%2F..%2Finternal/reservations']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${shop.gateway.url}${path}`,
          { method: 'POST', headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume()
            resolve(res.statusCode!)
          },
        )
        req.on('error', reject)
        req.end('{}')
      })
      expect(status, path).toBe(404)
    }
  })

  it('routes each family to its service', async () => {
    const answers = await Promise.all(
      ['/category', '/product', '/shop', '/review?productId=x'].map((p) => get(p)),
    )
    for (const res of answers) expect(res.status).toBeLessThan(500)
    expect((await get('/user', { headers: { authorization: `bearer ${shop.admin}` } })).status).toBe(200)
  })
})

describe('request ids and headers', () => {
  it('passes the caller’s request id on to the service and back', async () => {
    const res = await get('/category', { headers: { 'x-request-id': 'trace-42' } })
    expect(res.headers.get('x-request-id')).toBe('trace-42')
  })

  it('makes a request id when none (or an unsafe one) is sent', async () => {
    for (const headers of [{}, { 'x-request-id': 'bad id with spaces' }] as Array<Record<string, string>>) {
      const res = await get('/category', { headers })
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    const notFound = await get('/nowhere')
    expect(notFound.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends security headers on its own answers and on proxied ones', async () => {
    for (const res of [await get('/nowhere'), await get('/category')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      // HSTS only in production (security-headers.test.ts): not on a developer's http://localhost.
      expect(res.headers.get('strict-transport-security')).toBeNull()
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-powered-by')).toBeNull()
      // The shop on another origin shows product images served from here.
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    }
  })
})

describe('CORS', () => {
  it('lets a configured front-end origin read answers and the headers it needs', async () => {
    const res = await get('/category', { headers: { origin: 'http://localhost:3000' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(res.headers.get('access-control-expose-headers')).toContain('x-total-count')
    // A download (the tax invoice) is saved under the name the service gives it.
    expect(res.headers.get('access-control-expose-headers')?.split(',')).toContain('content-disposition')
    expect(res.headers.get('vary')).toMatch(/origin/i)
  })

  it("puts them on the gateway's own answers too, once each: a refusal, a 404", async () => {
    const origin = { headers: { origin: 'http://localhost:3000' } }
    for (const res of [await get('/cart', origin), await get('/no-such-family', origin)]) {
      expect([401, 404]).toContain(res.status)
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
      expect(res.headers.get('vary')).toMatch(/origin/i)
    }
    // A proxied answer carries one of each, not the service's and the gateway's.
    const proxied = await get('/category', origin)
    expect(proxied.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(proxied.headers.get('access-control-expose-headers')?.split(',')).toContain('x-request-id')
    expect(proxied.headers.get('access-control-expose-headers')?.match(/x-request-id/g)).toHaveLength(1)
  })

  it('answers a preflight itself, allowing the bearer header', async () => {
    const res = await get('/cart', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization')
  })

  it('gives an origin that is not configured no CORS headers', async () => {
    const res = await get('/category', { headers: { origin: 'https://evil.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await get('/cart', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('the API description', () => {
  it('serves an OpenAPI 3.1 document with every described route, generated from the contract schemas', async () => {
    const res = await get('/openapi.json')
    expect(res.status).toBe(200)
    const doc = await res.json()
    expect(doc.openapi).toBe('3.1.0')
    for (const route of API_ROUTES) expect(doc.paths[route.path]?.[route.method], route.path).toBeDefined()
    const signUp = doc.paths['/auth/sineUp'].post
    const { $schema: _, ...expected } = z.toJSONSchema(registerRequest, {
      io: 'input',
      unrepresentable: 'any',
      reused: 'inline',
    }) as Record<string, unknown>
    expect(signUp.requestBody.content['application/json'].schema).toEqual(expected)
    expect(signUp.responses['201'].content['application/json'].schema.properties.userInfo.required).toEqual([
      'id',
      'name',
      'email',
      'userName',
      'isAdmin',
    ])
    expect(doc.paths['/user'].get.security).toEqual([{ bearerAuth: [] }])
    expect(doc.paths['/user'].get.responses['403']).toBeDefined()
    expect(doc.paths['/health'].get).toBeDefined()
    // A binary answer is described as bytes, and its error answers stay JSON.
    const invoice = doc.paths['/order/invoice'].get
    expect(invoice.responses['200'].content).toEqual({
      'application/pdf': {
        schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' },
      },
    })
    expect(invoice.responses['200'].headers['Content-Disposition']).toBeDefined()
    expect(invoice.responses['409'].content['application/json'].schema.allOf[1].properties.code.enum).toEqual(
      ['invoice_not_issued'],
    )
  })

  it('renders the document as a self-contained page at /docs', async () => {
    const res = await get('/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/)
    const html = await res.text()
    for (const route of API_ROUTES) expect(html).toContain(`>${route.path}<`)
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/)
  })
})

describe('body limits', () => {
  const big = (bytes: number) => JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(bytes) })

  it('refuses a JSON body over 1 MB with 413 before it reaches the service', async () => {
    const res = await get('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big(1_100_000),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      message: 'Request body is too large (at most 1 MB)',
      code: 'too_large',
    })
  })

  it('counts a streamed (chunked) body as it passes and refuses it past 1 MB', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(120)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2_000_000) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const res = await get('/message', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe('Request body is too large (at most 1 MB)')
  })

  it('lets a JSON body under the limit through', async () => {
    const res = await get('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big(900_000),
    })
    // The identity service's own answer (a password that long is refused by the contract), not the gateway's 413.
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('validation_failed')
  })

  const multipart = (bytes: number) => {
    const form = new FormData()
    form.set('name', 'Ashwagandha')
    form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'big.jpg')
    return form
  }

  it('lets a product upload up to 10 MB through to the catalogue', async () => {
    const res = await get('/product', {
      method: 'POST',
      headers: { authorization: `bearer ${shop.admin}` },
      body: multipart(5_000_000),
    })
    expect(res.status).not.toBe(413)
    expect(res.headers.get('content-type')).toMatch(/json/)
  })

  it('refuses a product upload over 10 MB with 413', async () => {
    const res = await get('/product', {
      method: 'POST',
      headers: { authorization: `bearer ${shop.admin}` },
      body: multipart(10_600_000),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      message: 'Request body is too large (at most 10 MB)',
      code: 'too_large',
    })
  })
})

describe('rate limits on the account endpoints, per address', () => {
  let limited: Gateway
  beforeAll(async () => {
    limited = await startGateway(shop.running, { LOGIN_RATE_LIMIT: '3', SIGNUP_RATE_LIMIT: '2' })
  })
  afterAll(() => limited?.close())

  const login = (password: string) =>
    fetch(`${limited.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password }),
    })

  it('answers 429 after too many failed sign-ins; successful ones do not count', async () => {
    for (let i = 0; i < 5; i++) expect((await login(ADMIN.password)).status).toBe(200)
    // Wrong passwords for different accounts: the identity service's per-account limit is not what trips here.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${limited.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@example.in`, password: 'wrong password' }),
      })
      expect(res.status).toBe(401)
    }
    const res = await login(ADMIN.password)
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({
      message: 'Too many sign-in attempts from this address. Please try again in 15 minutes.',
      code: 'rate_limited',
    })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800)
  })

  it('counts only successful sign-ups per address (both spellings together), then answers 429', async () => {
    // Refused sign-ups (a mistyped phone number, a taken email) cost nothing: carrier-grade NAT puts a
    // whole city behind a few addresses.
    for (const path of ['/auth/signup', '/auth/sineUp', '/auth/sineUp']) {
      const refused = await fetch(`${limited.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(refused.status).toBe(400)
    }
    expect((await signUpCustomer(limited.url)).token).toBeDefined()
    expect((await signUpCustomer(limited.url)).token).toBeDefined()
    const res = await fetch(`${limited.url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(429)
    expect((await res.json()).message).toBe(
      'Too many sign-ups from this address. Please try again in 60 minutes.',
    )
  })
})

describe('a service that stops', () => {
  it('answers 503 naming it within a second, keeps the other routes, and reports degraded health', async () => {
    await shop.running.get('review')!.stop()
    const started = Date.now()
    const res = await get('/review?productId=1')
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      message: 'The review service is unavailable right now. Please try again shortly.',
      code: 'unavailable',
    })

    const other = await get('/category')
    expect(other.status).toBe(200)
    expect(other.headers.get('content-type')).toMatch(/json/)

    const health = await get('/health')
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({
      status: 'degraded',
      services: { review: 'unreachable', cart: 'ready' },
    })
  })
})
