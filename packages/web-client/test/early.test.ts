/**
 * The early-request seam (src/early.ts) with the real API client against a real HTTP server: an answer
 * index.html started is taken once, for exactly its URL and token; without the seam (or another version
 * of it) the client fetches as before, and a failed early answer is fetched again.
 */
import { json, startTestServer } from '@medstore/web-client/testing'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../src/api.ts'
import {
  EARLY_SEAM,
  type EarlySeamV1,
  peekEarlyBody,
  takeEarlyDocument,
  takeEarlyResponse,
} from '../src/early.ts'
import { route } from './test-routes.ts'

let server: Awaited<ReturnType<typeof startTestServer>>
let hits = 0

beforeAll(async () => {
  server = await startTestServer({
    'GET /product': (_req, res) => {
      hits += 1
      json(res, 200, { hit: hits })
    },
  })
})
afterAll(() => server.close())
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_SEAM]
  hits = 0
})

/** What the shell's index.html leaves on the page: these reads started, each taken once. */
function installSeam(reads: { url: string; token: string | null; response: Promise<Response> }[], v = 1) {
  const used = new Set<number>()
  const seam: EarlySeamV1 = {
    v: v as 1,
    doc: () => undefined,
    take(url, token) {
      const index = reads.findIndex((read, i) => !used.has(i) && read.url === url && read.token === token)
      if (index < 0) return undefined
      used.add(index)
      return reads[index]?.response
    },
  }
  ;(globalThis as Record<string, unknown>)[EARLY_SEAM] = seam
}

function client(token: string | null) {
  return createApiClient({
    baseUrl: () => server.url,
    token: () => token,
    onUnauthorized: () => {},
    onError: () => {},
    early: takeEarlyResponse,
    earlyBody: peekEarlyBody,
  })
}

describe('the early-request seam', () => {
  it('gives the page the answer index.html already asked for, once', async () => {
    const url = `${server.url}/product?page=1&limit=24`
    installSeam([{ url, token: 'T', response: fetch(url) }])
    const api = client('T')
    expect(await api.call(route('get', '/product'), { query: { page: 1, limit: 24 } })).toEqual({ hit: 1 })
    expect(hits).toBe(1)
    // Taken already: the next read is the client's own.
    expect(await api.call(route('get', '/product'), { query: { page: 1, limit: 24 } })).toEqual({ hit: 2 })
  })

  it('is not taken for another URL, another token, or a write', async () => {
    const url = `${server.url}/product?page=1&limit=24`
    installSeam([{ url, token: null, response: fetch(url) }])
    await expect.poll(() => hits).toBe(1)
    expect(await client('T').call(route('get', '/product'), { query: { page: 1, limit: 24 } })).toEqual({
      hit: 2,
    })
    expect(await client(null).call(route('get', '/product'), { query: { page: 2, limit: 24 } })).toEqual({
      hit: 3,
    })
    expect(takeEarlyResponse(url, null)).toBeDefined()
  })

  it('fetches as before when the seam is absent or of another version', async () => {
    expect(takeEarlyResponse(`${server.url}/product`, null)).toBeUndefined()
    expect(takeEarlyDocument('config')).toBeUndefined()
    expect(await client(null).call(route('get', '/product'))).toEqual({ hit: 1 })
    const url = `${server.url}/product`
    installSeam([{ url, token: null, response: Promise.resolve(Response.json({ hit: 'early' })) }], 2)
    expect(await client(null).call(route('get', '/product'))).toEqual({ hit: 2 })
  })

  it('fetches again when the early answer failed', async () => {
    const url = `${server.url}/product`
    installSeam([{ url, token: null, response: Promise.reject(new TypeError('network down')) }])
    expect(await client(null).call(route('get', '/product'))).toEqual({ hit: 1 })
  })

  it("peeks at an answer index.html already read, by the page's path, query and token, without fetching", () => {
    const asked: [string, string | null][] = []
    const body = { products: [], total: 0 }
    ;(globalThis as Record<string, unknown>)[EARLY_SEAM] = {
      v: 1,
      doc: () => undefined,
      take: () => undefined,
      peek(path: string, token: string | null) {
        asked.push([path, token])
        return path === '/product?q=dolo+650&page=1&limit=24' && token === 'T' ? body : undefined
      },
    } satisfies EarlySeamV1
    expect(client('T').peek(route('get', '/product'), { query: { q: 'dolo 650', page: 1, limit: 24 } })).toBe(
      body,
    )
    expect(
      client(null).peek(route('get', '/product'), { query: { q: 'dolo 650', page: 1, limit: 24 } }),
    ).toBeUndefined()
    expect(asked).toEqual([
      ['/product?q=dolo+650&page=1&limit=24', 'T'],
      ['/product?q=dolo+650&page=1&limit=24', null],
    ])
    expect(hits).toBe(0)
    // An older shell's seam has no peek: nothing to draw at once, the page reads as before.
    installSeam([])
    expect(client('T').peek(route('get', '/product'))).toBeUndefined()
  })
})
