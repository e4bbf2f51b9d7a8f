import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_UNAVAILABLE } from '../src/auth/access'
import { isDatabaseUnavailable } from '../src/database-errors'
import { runtimeAdapter } from '../src/prisma/client'
import { pgConfigFromUrl } from '../src/prisma/pg-url'
import { startTestService, startTokenIssuer, type TestService, testInfra } from '../src/testing'
import { notesService } from './fixture/service'
import { PrismaClient } from './fixture/src/generated/prisma/client'

type Issuer = Awaited<ReturnType<typeof startTokenIssuer>>
let issuer: Issuer
let service: TestService<unknown, unknown>

beforeAll(async () => {
  issuer = await startTokenIssuer()
  service = (await startTestService(notesService().definition, { JWKS_URL: issuer.jwksUrl })) as TestService<
    unknown,
    unknown
  >
})
afterAll(async () => {
  await service?.close()
  await issuer?.close()
})

const call = (path: string, init: RequestInit = {}) => fetch(`${service.url}${path}`, init)
const post = (path: string, body: string, token?: string) =>
  call(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `bearer ${token}` } : {}) },
  })

describe('the error shape', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const res = await post('/notes', '{"text": ', issuer.customer())
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Malformed JSON in request body', code: 'malformed_request' })
  })

  it('answers an unknown route with a JSON 404', async () => {
    const res = await call('/no/such/thing')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ message: 'No route for GET /no/such/thing', code: 'not_found' })
  })

  it('answers invalid input with 400, the first problem as message and every field under errors', async () => {
    const res = await post('/notes', '{"text": "   "}', issuer.customer())
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Text is required',
      code: 'validation_failed',
      errors: [{ path: 'text', message: 'Text is required' }],
    })
  })

  it('hides the cause of an unexpected failure', async () => {
    const res = await call('/boom')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal',
    })
    expect(text).not.toMatch(/hunter2|at |\.ts/)
  })

  it('counts contention that outlasted its wait as unavailable (503), not as a fault', () => {
    const prismaTimeout = Object.assign(new Error('Transaction API error: Unable to start a transaction'), {
      code: 'P2028',
    })
    expect(isDatabaseUnavailable(prismaTimeout)).toBe(true)
    for (const code of ['40001', '40P01', '53300'])
      expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code } }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('unique'), { code: 'P2002' }))).toBe(false)
  })

  it('counts PostgreSQL refusing a connection as too many as unavailable, through the real Prisma adapter', async () => {
    // A role allowed no connection meets the same refusal (53300) as a server whose slots are all taken.
    const role = `kit_full_${randomBytes(4).toString('hex')}`
    const password = randomBytes(12).toString('hex')
    const { pgAdminUrl } = testInfra()
    const admin = new pg.Client(pgConfigFromUrl(pgAdminUrl))
    await admin.connect()
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' CONNECTION LIMIT 0`)
    const url = new URL(pgAdminUrl)
    url.username = role
    url.password = password
    const full = new PrismaClient({ adapter: runtimeAdapter(url.toString(), 1) })
    try {
      const error = await full.note.count().then(
        () => undefined,
        (err: unknown) => err,
      )
      expect((error as { code?: string })?.code).toBe('P2037')
      expect(isDatabaseUnavailable(error)).toBe(true)
    } finally {
      await full.$disconnect()
      await admin.query(`DROP ROLE ${role}`)
      await admin.end()
    }
  })

  it('answers 503 with a message when the database cannot be reached (PostgreSQL-restart drill)', async () => {
    const res = await call('/notes/unreachable')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      message: 'This service is briefly unavailable. Please try again in a moment.',
      code: 'unavailable',
    })
  })

  it('refuses a body over 1 MB with 413', async () => {
    const res = await post('/notes', JSON.stringify({ text: 'x'.repeat(1_100_000) }), issuer.customer())
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe('Request body is too large')
  })
})

describe('request ids and headers', () => {
  it('echoes the request id it was given', async () => {
    const res = await call('/health/live', { headers: { 'x-request-id': 'abc-123' } })
    expect(res.headers.get('x-request-id')).toBe('abc-123')
  })

  it("makes one when none is given, and sends nosniff but not the edge headers, which are the gateway's", async () => {
    const res = await call('/health/live')
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-powered-by')).toBeNull()
    for (const edge of [
      'content-security-policy',
      'strict-transport-security',
      'x-frame-options',
      'referrer-policy',
    ])
      expect(res.headers.get(edge), edge).toBeNull()
  })
})

describe('health', () => {
  it('is live and ready when the database and broker answer', async () => {
    expect((await call('/health/live')).status).toBe(200)
    const ready = await call('/health/ready')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up', broker: 'up' } })
  })
})

describe('authentication', () => {
  it('lets a customer in with a bearer token in any case of the scheme', async () => {
    for (const scheme of ['bearer', 'Bearer', 'BEARER']) {
      const res = await call('/notes', {
        method: 'POST',
        body: JSON.stringify({ text: 'hello' }),
        headers: { 'content-type': 'application/json', authorization: `${scheme} ${issuer.customer()}` },
      })
      expect(res.status).toBe(201)
    }
  })

  it('marks every answer to a signed-in request no-store (errors too), and leaves a guest’s cacheable', async () => {
    const created = await post('/notes', '{"text":"private"}', issuer.customer())
    expect(created.headers.get('cache-control')).toBe('no-store')
    const refused = await post('/notes', '{"text":"  "}', issuer.customer())
    expect(refused.status).toBe(400)
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect((await call('/no/such/thing')).headers.get('cache-control')).toBeNull()
  })

  it('asks a guest to sign in', async () => {
    const res = await post('/notes', '{"text":"x"}')
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe('Please sign in to continue')
  })

  it.each(['expired', 'tampered', 'unsigned', 'wrongKey', 'wrongAudience'] as const)(
    'refuses a %s token with 401',
    async (kind) => {
      const res = await post('/notes', '{"text":"x"}', issuer[kind]())
      expect(res.status).toBe(401)
    },
  )

  it('refuses a customer on an administrators-only route with 403, and lets an administrator in', async () => {
    const asCustomer = await call('/admin/notes', {
      headers: { authorization: `bearer ${issuer.customer()}` },
    })
    expect(asCustomer.status).toBe(403)
    const asAdmin = await call('/admin/notes', { headers: { authorization: `bearer ${issuer.admin()}` } })
    expect(asAdmin.status).toBe(200)
  })
})

describe('authentication edge cases', () => {
  it('lets a public route treat a broken token as a guest', async () => {
    const res = await call('/whoami', { headers: { authorization: `bearer ${issuer.tampered()}` } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ user: null })
    const signedIn = await call('/whoami', { headers: { authorization: `bearer ${issuer.customer()}` } })
    expect((await signedIn.json()).user).toMatchObject({ id: 'user-1', isAdmin: false })
  })

  it('accepts every one of many concurrent first requests while the signing keys are first fetched', async () => {
    const fresh = await startTestService(notesService().definition, { JWKS_URL: issuer.jwksUrl })
    try {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${fresh.url}/admin/notes`, { headers: { authorization: `bearer ${issuer.admin()}` } }).then(
            (r) => r.status,
          ),
        ),
      )
      expect(statuses).toEqual(Array(20).fill(200))
    } finally {
      await fresh.close()
    }
  })

  it('answers 503, not 401, when the signing keys cannot be fetched', async () => {
    const cut = await startTestService(notesService().definition, {
      JWKS_URL: 'http://127.0.0.1:9/jwks.json',
    })
    try {
      const res = await fetch(`${cut.url}/admin/notes`, {
        headers: { authorization: `bearer ${issuer.admin()}` },
      })
      expect(res.status).toBe(503)
      expect((await res.json()).message).toBe(SIGN_IN_UNAVAILABLE)
      // and still 503, not 401, while the key store waits before fetching again
      const again = await fetch(`${cut.url}/admin/notes`, {
        headers: { authorization: `bearer ${issuer.admin()}` },
      })
      expect(again.status).toBe(503)
    } finally {
      await cut.close()
    }
  })
})

describe('graceful shutdown', () => {
  it('finishes a request in flight, then stops accepting', async () => {
    const { definition } = notesService()
    const other = await startTestService(definition, { JWKS_URL: issuer.jwksUrl })
    const inFlight = fetch(`${other.url}/slow`)
    await new Promise((r) => setTimeout(r, 100))
    const stopping = other.close()
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ done: true })
    await stopping
    await expect(fetch(`${other.url}/health/live`)).rejects.toThrow()
  })
})

describe('the text rule (NUL, lone surrogates) on every input', () => {
  it('refuses a NUL in a JSON body with 400 naming the field', async () => {
    const res = await post('/notes', JSON.stringify({ text: 'para\u0000cetamol' }), issuer.customer())
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'text contains a NUL character, which is not allowed',
      code: 'validation_failed',
      errors: [
        {
          path: 'text',
          message: 'text contains a NUL character, which is not allowed',
          code: 'unsafe_text',
          values: { reason: 'nul' },
        },
      ],
    })
  })

  it('refuses a lone surrogate sent as a JSON escape', async () => {
    const res = await post('/notes', '{"text": "dose \\ud83d"}', issuer.customer())
    expect(res.status).toBe(400)
    expect((await res.json()).errors).toEqual([
      {
        path: 'text',
        message: expect.stringMatching(/surrogate/),
        code: 'unsafe_text',
        values: { reason: 'surrogate' },
      },
    ])
  })

  it('refuses a NUL in the query string before any route reads it', async () => {
    const res = await call('/whoami?q=a%00b')
    expect(res.status).toBe(400)
    expect((await res.json()).errors).toEqual([
      { path: 'q', message: expect.stringMatching(/NUL/), code: 'unsafe_text', values: { reason: 'nul' } },
    ])
  })
})

describe('page links', () => {
  it('links first, previous, next and last, keeping the other query parameters', async () => {
    const { pageLinks } = await import('../src/http/paging')
    expect(pageLinks('/product?q=dolo&page=2&limit=10', { page: 2, limit: 10 }, 35)).toBe(
      '</product?q=dolo&page=1&limit=10>; rel="first", </product?q=dolo&page=1&limit=10>; rel="prev", ' +
        '</product?q=dolo&page=3&limit=10>; rel="next", </product?q=dolo&page=4&limit=10>; rel="last"',
    )
    expect(pageLinks('/shop', { page: 1, limit: 100 }, 0)).toBe(
      '</shop?page=1&limit=100>; rel="first", </shop?page=1&limit=100>; rel="last"',
    )
  })
})
