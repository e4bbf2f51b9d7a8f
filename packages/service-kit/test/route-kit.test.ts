import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiRoute } from '@medstore/contracts/api'
import { pagingQuery } from '@medstore/contracts/api'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { authMiddleware } from '../src/auth/middleware'
import { InvalidTokenError } from '../src/auth/verifier'
import {
  Conflict,
  Invalid,
  NotAllowed,
  NotFound,
  TooLarge,
  TooMany,
  Unauthenticated,
  Unavailable,
  Unprocessable,
  Unsupported,
} from '../src/domain/errors'
import { runSteps } from '../src/domain/steps'
import { apiRouter, pageReply } from '../src/http/endpoint'
import { errorAnswer, errorHandler, HttpError } from '../src/http/errors'
import { type IdempotencyStore, idempotent, type KeyClaim, type StoredAnswer } from '../src/http/idempotent'
import { servedRoutes } from '../src/http/served-routes'
import { createLogger } from '../src/logger'

const api = {
  create: {
    method: 'post',
    path: '/things/{group}',
    summary: 'Make a thing',
    access: 'admin',
    documented: false,
    tags: ['things'],
    params: z.object({ group: z.string().regex(/^\w+$/, 'group must be a word') }),
    body: z.object({ name: z.string({ error: 'name is required' }) }),
    status: 201,
  },
  list: {
    method: 'get',
    path: '/things',
    summary: 'Things',
    access: 'public',
    documented: false,
    tags: ['things'],
    query: pagingQuery,
  },
  mine: {
    method: 'get',
    path: '/things/mine',
    summary: 'Mine',
    access: 'user',
    documented: false,
    tags: ['things'],
  },
} satisfies Record<string, ApiRoute>

let server: Server
let base: string
let bodiesRead = 0

beforeAll(async () => {
  const auth = authMiddleware(async (token) => {
    if (token === 'admin') return { id: 'a', userName: 'a', name: 'A', isAdmin: true }
    if (token === 'customer') return { id: 'c', userName: 'c', name: 'C', isAdmin: false }
    throw new InvalidTokenError('bad')
  })
  const countBodyReads: express.RequestHandler = (_req, _res, next) => {
    bodiesRead++
    next()
  }
  const routes = apiRouter(auth)
    .route(api.create, ({ params, body, user }) => ({ group: params.group, name: body.name, by: user.id }), {
      before: [countBodyReads],
    })
    .route(api.list, ({ query }) =>
      pageReply({ items: [query.page ?? 1], page: { page: query.page ?? 1, limit: 2 }, total: 5 }),
    )
    .route(api.mine, ({ user }) => {
      if (user.id === 'c') throw new NotFound('You have none')
      return []
    })
  const app = express()
  app.use(express.json())
  app.use(routes.router)
  app.use(errorHandler(createLogger('test', 'silent')))
  server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  expect(servedRoutes(app).sort()).toEqual(['GET /things', 'GET /things/mine', 'POST /things/{group}'])
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const call = (path: string, init: { method?: string; token?: string; json?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  })

describe('routes mounted from their descriptors', () => {
  it('applies the access, parses params and body, and answers with the descriptor’s status', async () => {
    const res = await call('/things/pills', { method: 'POST', token: 'admin', json: { name: 'x' } })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ group: 'pills', name: 'x', by: 'a' })
  })

  it('refuses a customer on an admin route before the body is read', async () => {
    const before = bodiesRead
    const res = await call('/things/pills', { method: 'POST', token: 'customer', json: { name: 'x' } })
    expect(res.status).toBe(403)
    expect((await call('/things/pills', { method: 'POST', json: {} })).status).toBe(401)
    expect(bodiesRead).toBe(before)
  })

  it('answers bad input with 400 naming the field (a missing body reads as empty)', async () => {
    const res = await call('/things/pills', { method: 'POST', token: 'admin' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'name is required',
      code: 'validation_failed',
      errors: [{ path: 'name', message: 'name is required' }],
    })
    expect((await call('/things/p-1', { method: 'POST', token: 'admin', json: { name: 'x' } })).status).toBe(
      400,
    )
  })

  it('adds the paging headers to a page of a list, and ignores tokens on a public route', async () => {
    const res = await call('/things?page=2', { token: 'garbage' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([2])
    expect(res.headers.get('x-total-count')).toBe('5')
    expect(res.headers.get('link')).toContain('rel="next"')
  })

  it('maps a domain error thrown by the use case to its status and message', async () => {
    const res = await call('/things/mine', { token: 'customer' })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'You have none', code: 'not_found' })
  })
})

describe('domain errors become answers in one place', () => {
  it.each([
    [
      new Invalid('bad', [{ path: 'a', message: 'bad' }]),
      400,
      { message: 'bad', code: 'validation_failed', errors: [{ path: 'a', message: 'bad' }] },
    ],
    [new Unauthenticated('who?'), 401, { message: 'who?', code: 'unauthenticated' }],
    [new NotAllowed('no'), 403, { message: 'no', code: 'forbidden' }],
    [new NotFound('gone'), 404, { message: 'gone', code: 'not_found' }],
    [new Conflict('taken'), 409, { message: 'taken', code: 'conflict' }],
    [
      new Conflict('busy', { code: 'idempotency_in_progress' }),
      409,
      { message: 'busy', code: 'idempotency_in_progress' },
    ],
    [
      new Conflict('short', { code: 'out_of_stock', details: { shortages: [{ productId: 'p' }] } }),
      409,
      { message: 'short', code: 'out_of_stock', shortages: [{ productId: 'p' }] },
    ],
    [new Unprocessable('other'), 422, { message: 'other', code: 'unprocessable' }],
    [new TooLarge('too big'), 413, { message: 'too big', code: 'too_large' }],
    [new Unsupported('not an image'), 415, { message: 'not an image', code: 'unsupported_media_type' }],
    [new TooMany('slow down', 1500), 429, { message: 'slow down', code: 'rate_limited' }],
    [new Unavailable('later'), 503, { message: 'later', code: 'unavailable' }],
    [new HttpError(400, 'bad query'), 400, { message: 'bad query', code: 'validation_failed' }],
    [
      new Error('boom'),
      500,
      { message: 'Something went wrong on our side. Please try again.', code: 'internal' },
    ],
  ])('%s', (err, status, body) => {
    const answer = errorAnswer(err)
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual(body)
  })

  it('says when to come back after too many attempts', () => {
    expect(errorAnswer(new TooMany('slow down', 1500)).headers).toEqual({ 'retry-after': '2' })
  })
})

describe('runSteps', () => {
  it('undoes the steps already done, in reverse order, when a later one fails', async () => {
    const log: string[] = []
    const step = (name: string, fail = false) => ({
      name,
      run: async (s: string[]) => {
        if (fail) throw new Error(`${name} failed`)
        return [...s, name]
      },
      undo: async (s: string[]) => void log.push(`undo ${name} after ${s.join('+')}`),
    })
    const failures: string[] = []
    const brokenUndo = { ...step('b'), undo: async () => Promise.reject(new Error('no')) }
    await expect(
      runSteps([], [step('a'), brokenUndo, step('c'), step('d', true)], (name) => failures.push(name)),
    ).rejects.toThrow('d failed')
    expect(log).toEqual(['undo c after a+b+c', 'undo a after a'])
    expect(failures).toEqual(['b'])
    expect(await runSteps([], [step('a'), step('b')])).toEqual(['a', 'b'])
    expect(log).toHaveLength(2)
  })
})

/** The store's contract in memory (the order service's PostgreSQL store is tested through its API). */
function memoryStore(): IdempotencyStore & {
  rows: Map<string, { hash: string; id: string; since: Date; answer?: StoredAnswer }>
} {
  const rows = new Map<string, { hash: string; id: string; since: Date; answer?: StoredAnswer }>()
  return {
    rows,
    async claim(key, hash, id): Promise<KeyClaim> {
      const row = rows.get(key)
      if (!row) {
        rows.set(key, { hash, id, since: new Date() })
        return { kind: 'new', id }
      }
      if (row.hash !== hash) return { kind: 'mismatch' }
      return row.answer
        ? { kind: 'replay', answer: row.answer }
        : { kind: 'in-progress', id: row.id, since: row.since }
    },
    async complete(key, answer) {
      rows.get(key)!.answer = answer
    },
    async release(key) {
      if (!rows.get(key)?.answer) rows.delete(key)
    },
    async takeOver(key, since) {
      const row = rows.get(key)
      if (!row || row.since !== since) return false
      row.since = new Date()
      return true
    },
  }
}

describe('idempotent', () => {
  const options = (store: IdempotencyStore, key: string | undefined, requestHash = 'h') => ({
    store,
    key,
    requestHash,
    newId: () => `id-${Math.random()}`,
    status: 201,
    staleAfterMs: 60_000,
    messages: { mismatch: 'key reused', inProgress: 'still working' },
  })

  it('runs once per key and replays the first answer, final refusals included', async () => {
    const store = memoryStore()
    let runs = 0
    const first = await idempotent(options(store, 'k'), async (id) => ({ id, n: ++runs }))
    const again = await idempotent(options(store, 'k'), async (id) => ({ id, n: ++runs }))
    expect(again).toEqual(first)
    expect(first.options.status).toBe(201)
    expect(runs).toBe(1)

    const refused = await idempotent(options(store, 'r'), async () => Promise.reject(new NotFound('gone')))
    expect([refused.options.status, refused.body]).toEqual([404, { message: 'gone', code: 'not_found' }])
    const replayed = await idempotent(options(store, 'r'), async () => ({ placed: true }))
    expect([replayed.options.status, replayed.body]).toEqual([404, { message: 'gone', code: 'not_found' }])
  })

  it('refuses the same key with another request, and a retry while the first still runs', async () => {
    const store = memoryStore()
    await idempotent(options(store, 'k', 'one'), async () => ({}))
    await expect(idempotent(options(store, 'k', 'two'), async () => ({}))).rejects.toMatchObject({
      kind: 'unprocessable',
      code: 'idempotency_key_reused',
    })
    await store.claim('busy', 'h', 'x')
    await expect(idempotent(options(store, 'busy'), async () => ({}))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'idempotency_in_progress',
    })
  })

  it('forgets the claim after a failure that may pass, and takes over a stale claim', async () => {
    const store = memoryStore()
    await expect(
      idempotent(options(store, 'k'), async () => Promise.reject(new Unavailable('down'))),
    ).rejects.toThrow('down')
    expect(store.rows.has('k')).toBe(false)

    await store.claim('stale', 'h', 'first-id')
    store.rows.get('stale')!.since = new Date(Date.now() - 120_000)
    const resumed = await idempotent(options(store, 'stale'), async (id, wasResumed) => ({ id, wasResumed }))
    expect(resumed.body).toEqual({ id: 'first-id', wasResumed: true })
  })

  it('just runs without a key', async () => {
    const reply = await idempotent(options(memoryStore(), undefined), async () => 'ok')
    expect([reply.options.status, reply.body]).toEqual([201, 'ok'])
  })
})
