import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepAliveAgent } from '../src/http/keep-alive-agent'

// A server that closes idle connections after 2 s, and says so (`Keep-Alive: timeout=2`).
let server: http.Server
let url: string
const closedAt: number[] = []

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'))
  server.keepAliveTimeout = 2_000
  server.on('connection', (socket) => socket.on('close', () => closedAt.push(Date.now())))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const get = (agent: http.Agent) =>
  new Promise<void>((resolve, reject) => {
    http.get(url, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject)
  })

describe('keep-alive agent for calls between services', () => {
  it('reuses a connection, and retires it before the server closes it idle (no reset on a late call)', async () => {
    const agent = keepAliveAgent(url)
    await get(agent)
    await get(agent)
    expect(closedAt).toHaveLength(0) // the second call reused the connection
    const idleSince = Date.now()
    // The server would close at 2 s; the agent, told timeout=2, retires the connection a second before.
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    expect(closedAt).toHaveLength(1)
    expect(closedAt[0]! - idleSince).toBeLessThan(2_000)
    await get(agent) // on a new connection
    agent.destroy()
  })
})
