import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, startGateway } from './support'

/**
 * The gateway's bound on the requests each service is working on (UPSTREAM_MAX_IN_FLIGHT): past it a
 * request is answered 503 at once instead of waiting in line, and every way a forwarded request ends
 * (answered, failed, timed out, the client gone, a body over the limit) gives its slot back.
 */
const MAX_IN_FLIGHT = 2
const BUSY = {
  code: 'unavailable',
  message: 'The catalogue service is busy right now. Please try again shortly.',
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(condition: () => boolean, what: string) {
  const deadline = Date.now() + 3_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

const listen = async <S extends net.Server>(server: S) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const close = (server: net.Server | undefined) => new Promise((resolve) => server?.close(resolve))

/** A stand-in service that holds every answer until the test releases it. */
function holdingService() {
  const waiting = new Set<http.ServerResponse>()
  let received = 0
  const server = http.createServer((_req, res) => {
    received++
    waiting.add(res)
    res.once('close', () => waiting.delete(res))
  })
  return {
    server,
    /** Requests that reached it, answered or not. */
    received: () => received,
    /** Requests it holds, unanswered, whose connection is still open. */
    held: () => waiting.size,
    release() {
      for (const res of waiting) {
        waiting.delete(res)
        res.setHeader('content-type', 'application/json')
        res.end('{"ok":true}')
      }
    },
  }
}

const holding = holdingService()
const hung = new Set<net.Socket>()
const hungServer = net.createServer((socket) => hung.add(socket))
const answering = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json')
  res.end('[]')
})
const logs: string[] = []
let gateway: Gateway
/** One connection to the service, so a second request waits in the gateway's pool. */
let oneConnection: Gateway
let failing: Gateway

beforeAll(async () => {
  const holdingUrl = await listen(holding.server)
  const limits = { UPSTREAM_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT), BODY_LIMIT_BYTES: '1024' }
  const services = new Map([
    ['catalogue', { url: holdingUrl }],
    ['identity', { url: holdingUrl }],
    ['review', { url: await listen(answering) }],
  ])
  gateway = await startGateway(services, limits, undefined, { write: (line) => void logs.push(line) })
  oneConnection = await startGateway(services, { ...limits, UPSTREAM_CONNECTIONS: '1' })
  failing = await startGateway(
    new Map([
      ['catalogue', { url: await listen(hungServer) }],
      // A privileged port nothing listens on (see upstream-failures.test.ts).
      ['review', { url: 'http://127.0.0.1:1' }],
    ]),
    { UPSTREAM_MAX_IN_FLIGHT: '1', UPSTREAM_TIMEOUT_MS: '300' },
  )
})

afterEach(() => holding.release())

afterAll(async () => {
  for (const socket of hung) socket.destroy()
  await Promise.all([gateway?.close(), oneConnection?.close(), failing?.close()])
  await Promise.all([close(holding.server), close(hungServer), close(answering)])
})

/** Fills the catalogue's slots with requests the service holds. */
async function fillSlots(base: string) {
  const before = holding.held()
  const answers = Array.from({ length: MAX_IN_FLIGHT }, () => fetch(`${base}/category`))
  await waitFor(() => holding.held() === before + MAX_IN_FLIGHT, 'the service to hold the requests')
  return answers
}

/**
 * Sends the request again until the gateway forwards it rather than refusing it at once: a client's slot
 * comes back when the gateway sees the client go away, a moment after the abort.
 */
async function admitted(url: string): Promise<{ answer: Promise<Response> }> {
  const deadline = Date.now() + 3_000
  for (;;) {
    const answer = fetch(url)
    const refusedAtOnce = await Promise.race([answer.then((res) => res.status === 503), sleep(500)])
    if (!refusedAtOnce) return { answer }
    if (Date.now() > deadline) throw new Error(`${url} was still refused after 3 s`)
    await sleep(20)
  }
}

/** Sends a request and gives up on it once the service holds it (or, with `queued`, a moment later). */
async function abandoned(base: string, options: { queued?: boolean } = {}) {
  const client = new AbortController()
  const received = holding.received()
  const answer = fetch(`${base}/category`, { signal: client.signal }).catch(() => 'aborted')
  if (options.queued) await sleep(200)
  else await waitFor(() => holding.received() === received + 1, 'the service to receive the request')
  client.abort()
  expect(await answer).toBe('aborted')
}

const busyWarnings = () =>
  logs.filter((line) => line.includes('upstream busy')).map((line) => JSON.parse(line))

describe('a service with UPSTREAM_MAX_IN_FLIGHT requests in flight', () => {
  it('answers the next ones 503 with Retry-After at once, warning once', async () => {
    const held = await fillSlots(gateway.url)
    for (let i = 0; i < 3; i++) {
      const started = Date.now()
      const res = await fetch(`${gateway.url}/category`, { signal: AbortSignal.timeout(2_000) })
      expect(Date.now() - started).toBeLessThan(1_000)
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('1')
      expect(await res.json()).toEqual(BUSY)
    }
    expect(busyWarnings()).toMatchObject([{ level: 40, upstream: 'catalogue', refused: 1 }])
    holding.release()
    for (const res of await Promise.all(held)) expect(res.status).toBe(200)
  })

  it('forwards again once the held requests are answered', async () => {
    const held = await fillSlots(gateway.url)
    holding.release()
    await Promise.all(held)
    const next = fetch(`${gateway.url}/category`)
    await waitFor(() => holding.held() === 1, 'the service to receive the next request')
    holding.release()
    expect((await next).status).toBe(200)
  })

  it('keeps forwarding to the other services', async () => {
    const held = await fillSlots(gateway.url)
    expect((await fetch(`${gateway.url}/category`)).status).toBe(503)
    expect((await fetch(`${gateway.url}/review?productId=1`)).status).toBe(200)
    holding.release()
    await Promise.all(held)
  })
})

describe('a request gives its slot back', () => {
  it('when its client goes away while the service works on it', async () => {
    const other = fetch(`${gateway.url}/category`)
    await waitFor(() => holding.held() === 1, 'the service to hold the other request')
    await abandoned(gateway.url)
    await waitFor(() => holding.held() === 1, 'the service to see the abandoned request closed')
    const next = await admitted(`${gateway.url}/category`)
    await waitFor(() => holding.held() === 2, 'the service to receive the next request')
    // Given back once only: the two held requests fill the slots again.
    expect((await fetch(`${gateway.url}/category`)).status).toBe(503)
    holding.release()
    expect((await other).status).toBe(200)
    expect((await next.answer).status).toBe(200)
  })

  it('when its client goes away while it waits for a connection, and it is never sent', async () => {
    const first = fetch(`${oneConnection.url}/category`)
    await waitFor(() => holding.held() === 1, 'the service to hold the first request')
    const received = holding.received()
    await abandoned(oneConnection.url, { queued: true })
    const next = await admitted(`${oneConnection.url}/category`)
    holding.release()
    expect((await first).status).toBe(200)
    await waitFor(() => holding.held() === 1, 'the next request to reach the service')
    holding.release()
    expect((await next.answer).status).toBe(200)
    expect(holding.received()).toBe(received + 1)
  })

  it('when its body is over the limit (413)', async () => {
    const tooLarge = new Blob([new Uint8Array(4096)]).stream()
    const res = await fetch(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: tooLarge,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    const next = await Promise.all([
      admitted(`${gateway.url}/auth/login`),
      admitted(`${gateway.url}/auth/login`),
    ])
    await waitFor(() => holding.held() === MAX_IN_FLIGHT, 'the service to hold both sign-ins')
    holding.release()
    for (const { answer } of next) expect((await answer).status).toBe(200)
  })

  it('when the service refuses the connection', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${failing.url}/review?productId=1`)
      expect(res.status).toBe(503)
      expect((await res.json()).message).toMatch(/review service is unavailable/)
    }
  })

  it('when the service does not answer in time', async () => {
    for (let i = 0; i < 2; i++) expect((await fetch(`${failing.url}/category`)).status).toBe(504)
  })
})
