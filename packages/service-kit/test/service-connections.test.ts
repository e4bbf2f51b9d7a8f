import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceConnections } from '../src/http/service-connections'

// A server that closes idle connections after 2 s, and says so (`Keep-Alive: timeout=2`).
let server: http.Server
let url: string
const closedAt: number[] = []
let opened = 0

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'))
  server.keepAliveTimeout = 2_000
  server.on('connection', (socket) => {
    opened++
    socket.on('close', () => closedAt.push(Date.now()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const get = async (connections: Agent) => {
  const { statusCode, body } = await connections.request({ origin: url, path: '/', method: 'GET' })
  expect(await body.text()).toBe('ok')
  return statusCode
}

describe('connections for calls between services', () => {
  it('reuses a connection, and retires it before the server closes it idle (no reset on a late call)', async () => {
    const connections = serviceConnections()
    await get(connections)
    // undici frees a connection for the next call once the answer's end has been handled (a tick later).
    await new Promise((resolve) => setImmediate(resolve))
    await get(connections)
    expect(opened).toBe(1) // the second call reused the connection
    expect(closedAt).toHaveLength(0)
    const idleSince = Date.now()
    // The server would close at 2 s; the pool, told timeout=2, retires the connection a second before.
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    expect(closedAt).toHaveLength(1)
    expect(closedAt[0]! - idleSince).toBeLessThan(2_000)
    expect(await get(connections)).toBe(200) // on a new connection
    await connections.destroy()
  })
})
