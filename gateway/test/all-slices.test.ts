import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLogger, loadConfig } from '@medstore/service-kit'
import { startTestService, type TestService } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartService } from '../../services/cart/src/service'
import { catalogueService } from '../../services/catalogue/src/service'
import { identityService } from '../../services/identity/src/service'
import { messagingService } from '../../services/messaging/src/service'
import { orderService } from '../../services/order/src/service'
import { reviewService } from '../../services/review/src/service'
import { createGateway } from '../src/app'
import { gatewayEnv } from '../src/config'

const definitions = [
  identityService,
  catalogueService,
  cartService,
  orderService,
  reviewService,
  messagingService,
]
const running = new Map<string, TestService<unknown, unknown>>()
let server: Server
let gateway: string

beforeAll(async () => {
  for (const def of definitions) {
    running.set(def.name, (await startTestService(def as never)) as TestService<unknown, unknown>)
  }
  const urls = Object.fromEntries([...running].map(([name, s]) => [`${name.toUpperCase()}_URL`, s.url]))
  const config = loadConfig(gatewayEnv, { ...urls, GATEWAY_PORT: '0', UPSTREAM_TIMEOUT_MS: '2000' })
  server = createGateway(config, createLogger('gateway', 'silent')).listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await Promise.all([...running.values()].map((s) => s.close()))
})

describe('every slice behind the gateway', () => {
  it('reports healthy when every service is ready', async () => {
    const res = await fetch(`${gateway}/health`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'ok',
      services: {
        identity: 'ready',
        catalogue: 'ready',
        cart: 'ready',
        order: 'ready',
        review: 'ready',
        messaging: 'ready',
      },
    })
  })

  it('answers a path outside the documented families with a JSON 404', async () => {
    const res = await fetch(`${gateway}/admin/secrets`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'No route for GET /admin/secrets' })
  })

  it('passes the request id on to the service and back', async () => {
    const res = await fetch(`${gateway}/cart`, { headers: { 'x-request-id': 'trace-42' } })
    expect(res.headers.get('x-request-id')).toBe('trace-42')
  })

  it('answers 503 naming a stopped service at once, keeps the other routes, and reports degraded health', async () => {
    await running.get('review')!.stop()
    const started = Date.now()
    const res = await fetch(`${gateway}/review?productId=1`)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(res.status).toBe(503)
    expect((await res.json()).message).toMatch(/review service is unavailable/)

    const other = await fetch(`${gateway}/cart`)
    expect(other.headers.get('content-type')).toMatch(/json/)
    expect(other.status).not.toBe(503)

    const health = await fetch(`${gateway}/health`)
    expect(health.status).toBe(503)
    expect((await health.json()).services.review).toBe('unreachable')
  })
})
