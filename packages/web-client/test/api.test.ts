import { json, startTestServer } from '@medstore/web-client/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, createApiClient, failureText, fileNameOf, fillPath, messages } from '../src/api.ts'
import { route } from './test-routes.ts'

let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  server = await startTestServer({
    'GET /ok': (_req, res) => json(res, 200, { items: [1, 2] }),
    'POST /echo': (_req, res, body) => json(res, 201, JSON.parse(body)),
    'POST /keyed': (req, res) => json(res, 201, { key: req.headers['idempotency-key'] ?? null }),
    'DELETE /empty': (_req, res) => res.writeHead(204).end(),
    'POST /invalid': (_req, res) =>
      json(res, 400, {
        message: 'Email is required',
        code: 'validation_failed',
        errors: [
          { path: 'email', message: 'Email is required', code: 'required' },
          {
            path: 'password',
            message: 'Password must be at least 8 characters',
            code: 'too_short',
            values: { min: 8 },
          },
          { path: 42, message: 'not a documented entry' },
        ],
      }),
    'GET /private': (_req, res) => json(res, 401, { message: 'Invalid token' }),
    'GET /crash': (_req, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'),
    'GET /counted': (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '42' }).end('[1]'),
    'GET /slow': (_req, res) => setTimeout(() => json(res, 200, {}), 2_000),
    'GET /file': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    'GET /invoice': (_req, res) =>
      res
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="MS-2026-27-000123.pdf"',
        })
        .end('%PDF-1.3'),
    'GET /file-gone': (_req, res) =>
      json(res, 404, { message: 'No such prescription', code: 'prescription_not_found' }),
  })
})

afterAll(() => server.close())

// A generous timeout unless a test is about the timeout: a busy CI machine can take over 300 ms to answer.
function client(token: string | null = null, timeoutMs = 5_000) {
  const unauthorized: ApiError[] = []
  const shown: ApiError[] = []
  const api = createApiClient({
    baseUrl: async () => `${server.url}/`,
    token: () => token,
    onUnauthorized: (error) => unauthorized.push(error),
    onError: (error) => shown.push(error),
    timeoutMs,
  })
  return { api, unauthorized, shown }
}

describe('createApiClient', () => {
  it('sends the bearer token and JSON, and returns the parsed answer', async () => {
    const { api, shown } = client('tok-123')
    await expect(api.call(route('get', '/ok'))).resolves.toEqual({ items: [1, 2] })
    await expect(api.call(route('post', '/echo'), { body: { name: 'Aspirin' } })).resolves.toEqual({
      name: 'Aspirin',
    })
    await expect(api.call(route('delete', '/empty'))).resolves.toBeUndefined()
    const echo = server.requests.find((r) => r.path === '/echo')
    expect(echo?.authorization).toBe('bearer tok-123')
    expect(echo?.body).toBe('{"name":"Aspirin"}')
    expect(shown).toEqual([])
  })

  it('sends extra request headers such as Idempotency-Key', async () => {
    const { api } = client('tok')
    await expect(
      api.call(route('post', '/keyed'), { body: {}, headers: { 'Idempotency-Key': 'k-1' } }),
    ).resolves.toEqual({
      key: 'k-1',
    })
    expect(server.requests.at(-1)?.authorization).toBe('bearer tok')
  })

  it('getWithHeaders returns the body and the response headers (X-Total-Count of a page)', async () => {
    const { api } = client('tok')
    const { data, headers } = await api.callWithHeaders(route('get', '/counted'), { query: { page: 1 } })
    expect(data).toEqual([1])
    expect(headers.get('x-total-count')).toBe('42')
    await expect(api.callWithHeaders(route('get', '/crash'), { quiet: true })).rejects.toBeInstanceOf(
      ApiError,
    )
  })

  it('sends no Authorization header for a guest', async () => {
    const { api } = client(null)
    await api.call(route('get', '/ok'), { query: { page: 2, skip: undefined } })
    expect(server.requests.at(-1)?.authorization).toBeUndefined()
  })

  it("surfaces the server's { message, errors } and reports it for the error toast", async () => {
    const { api, shown, unauthorized } = client('tok')
    const error = await api.call(route('post', '/invalid'), { body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, kind: 'http', message: 'Email is required' })
    // Each field's problem keeps its code and values (the form says it in the reader's language).
    expect((error as ApiError).errors).toEqual([
      { path: 'email', message: 'Email is required', code: 'required' },
      {
        path: 'password',
        message: 'Password must be at least 8 characters',
        code: 'too_short',
        values: { min: 8 },
      },
    ])
    expect((error as ApiError).code).toBe('validation_failed')
    expect(failureText(error)).toEqual({ message: 'Email is required', code: 'validation_failed' })
    expect(shown.map((e) => e.message)).toEqual(['Email is required'])
    expect(unauthorized).toEqual([])
  })

  it('does not report a quiet request, but still rejects', async () => {
    const { api, shown } = client()
    await expect(api.call(route('post', '/invalid'), { body: {}, quiet: true })).rejects.toThrow(
      'Email is required',
    )
    expect(shown).toEqual([])
  })

  it('a 401 on a signed-in request ends the session instead of showing the raw message', async () => {
    const { api, shown, unauthorized } = client('expired-token')
    const error = await api.call(route('get', '/private')).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401, message: messages.sessionEnded })
    expect(unauthorized).toHaveLength(1)
    expect(shown).toEqual([])
  })

  it('a 401 without a token (e.g. a wrong password) is an ordinary error with the server message', async () => {
    const { api, shown, unauthorized } = client(null)
    await expect(api.call(route('get', '/private'))).rejects.toMatchObject({
      status: 401,
      message: 'Invalid token',
    })
    expect(unauthorized).toEqual([])
    expect(shown.map((e) => e.message)).toEqual(['Invalid token'])
  })

  it('a non-JSON 5xx becomes a friendly message', async () => {
    const { api } = client()
    await expect(api.call(route('get', '/crash'))).rejects.toMatchObject({
      status: 502,
      message: messages.server,
    })
  })

  it('gives up after the timeout (the spec client had none)', async () => {
    const { api, shown } = client(null, 300)
    const started = Date.now()
    await expect(api.call(route('get', '/slow'))).rejects.toMatchObject({
      status: 0,
      kind: 'timeout',
      message: messages.timeout,
    })
    expect(Date.now() - started).toBeLessThan(1_500)
    expect(shown.map((e) => e.kind)).toEqual(['timeout'])
  })

  it('reports an unreachable server as a network error', async () => {
    const api = createApiClient({
      baseUrl: () => 'http://127.0.0.1:1',
      token: () => null,
      onUnauthorized: () => {},
      onError: () => {},
    })
    const error = await api.call(route('get', '/ok')).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, kind: 'network', message: messages.network })
    // No answer, so no code from a body: the kind names it for the reader's language.
    expect(failureText(error)).toEqual({ message: messages.network, code: 'network' })
    expect(failureText(new Error('plain'))).toEqual({ message: 'plain' })
  })

  it('tells a refused request (server up, answer withheld) apart from an unreachable server', async () => {
    // What a browser does when the API does not allow the page's origin: the CORS request fails with a
    // TypeError, while an opaque no-cors request to the same server goes through.
    const corsRefusing: typeof fetch = (input, init) =>
      init?.mode === 'no-cors'
        ? globalThis.fetch(input, init)
        : Promise.reject(new TypeError('Failed to fetch'))
    const shown: ApiError[] = []
    const api = createApiClient({
      baseUrl: () => server.url,
      token: () => null,
      onUnauthorized: () => {},
      onError: (error) => shown.push(error),
      fetch: corsRefusing,
    })
    await expect(api.call(route('post', '/echo'), { body: {} })).rejects.toMatchObject({
      status: 0,
      kind: 'refused',
      message: messages.refused,
    })
    expect(shown.map((e) => e.kind)).toEqual(['refused'])
    expect(messages.refused).not.toBe(messages.network)
  })

  it('blob answers a file route with its bytes and type, with the token, and fails like any call', async () => {
    const { api, shown } = client('tok-9')
    const file = await api.blob(route('get', '/file'))
    expect(file.type).toBe('image/png')
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47])
    expect(server.requests.at(-1)?.authorization).toBe('bearer tok-9')
    const error = await api.blob(route('get', '/file-gone'), { quiet: true }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      status: 404,
      message: 'No such prescription',
      code: 'prescription_not_found',
    })
    expect(shown).toEqual([])
  })

  it('file names the bytes as the answer’s Content-Disposition does, else as the caller says', async () => {
    const { api } = client('tok-9')
    const invoice = await api.file(route('get', '/invoice'), 'invoice.pdf')
    expect(invoice.name).toBe('MS-2026-27-000123.pdf')
    expect(invoice.type).toBe('application/pdf')
    expect(await invoice.text()).toBe('%PDF-1.3')
    const unnamed = await api.file(route('get', '/file'), 'page.png')
    expect(unnamed.name).toBe('page.png')
    await expect(api.file(route('get', '/file-gone'), 'x', { quiet: true })).rejects.toMatchObject({
      status: 404,
    })
  })

  it('reads a file name from Content-Disposition as RFC 6266 writes it, never a path', () => {
    expect(fileNameOf('attachment; filename="MS-2026-27-000123.pdf"')).toBe('MS-2026-27-000123.pdf')
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv')
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%AC%E0%A4%BF%E0%A4%B2.pdf`)).toBe(
      'बिल.pdf',
    )
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(fileNameOf('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt')
    expect(fileNameOf('inline')).toBeUndefined()
    expect(fileNameOf(null)).toBeUndefined()
  })

  it('lets the caller cancel without reporting a failure', async () => {
    const { api, shown } = client()
    const controller = new AbortController()
    const pending = api.call(route('get', '/slow'), { signal: controller.signal, timeoutMs: 5_000 })
    controller.abort()
    await expect(pending).rejects.toThrow()
    expect(shown).toEqual([])
  })
})

describe('fillPath', () => {
  it("fills a route's path parameters, URL-encoded", () => {
    expect(fillPath('/shop/{id}', { id: 'a b/c?' })).toBe('/shop/a%20b%2Fc%3F')
    expect(fillPath('/product', undefined)).toBe('/product')
  })

  it('refuses a path whose parameter is missing (never a request to a literal {id})', () => {
    expect(() => fillPath('/supplier/{id}', {})).toThrow('/supplier/{id} needs the path parameter id')
  })
})
