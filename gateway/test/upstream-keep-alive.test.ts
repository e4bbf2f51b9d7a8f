import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Gateway, startGateway } from './support'

/**
 * A service closes an idle keep-alive connection after its keepAliveTimeout (Node's 5 s by default, announced
 * as `Keep-Alive: timeout=5`). If the gateway sends the next request on that connection at the moment the
 * service closes it, the request dies with "socket hang up" and the customer gets a 503: on a busy machine
 * that happened often enough to fail browser tests. The gateway must retire an idle connection before the
 * service does, using the service's own announcement.
 */
const IDLE_MS = 2_000 // announced as timeout=2; Node's agent retires the socket a second earlier
let upstream: http.Server
let connections: Socket[]
let gateway: Gateway

beforeAll(async () => {
  connections = []
  upstream = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end('[]')
  })
  upstream.keepAliveTimeout = IDLE_MS
  upstream.on('connection', (socket) => connections.push(socket))
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  gateway = await startGateway(new Map([['catalogue', { url }]]))
})

afterAll(async () => {
  await gateway?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
})

it('does not reuse an upstream connection the service is about to close', async () => {
  expect((await fetch(`${gateway.url}/category`)).status).toBe(200)
  expect(connections).toHaveLength(1)
  // Past the gateway's retirement point (1 s) but before the service's own timeout (2 s): the gateway
  // has let the connection go already, so the next request opens a fresh one. (Reusing it is the fault.)
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 0.75))
  expect((await fetch(`${gateway.url}/category`)).status).toBe(200)
  expect(connections).toHaveLength(2)
})
