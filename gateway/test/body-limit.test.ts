import http, { type Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { SERVICES } from '@medstore/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, startGateway } from './support'

/**
 * A 413 must reach the client that is still sending: the gateway answers, reads on (discarding, up to a
 * bound) and only then closes. Without that, Node's fetch sees EPIPE / a reset instead of the message.
 * The services stand in as one upstream that must never see a refused body.
 */
let upstream: Server
let upstreamHits = 0
let gateway: Gateway

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    upstreamHits++
    req.resume()
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
  })
  upstream.listen(0, '127.0.0.1')
  await new Promise((resolve) => upstream.once('listening', resolve))
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  gateway = await startGateway(new Map(SERVICES.map((s) => [s.name, { url }])), {
    JWKS_URL: `${url}/.well-known/jwks.json`,
  })
})

afterAll(async () => {
  await gateway?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
})

const upload = (bytes: number) => {
  const form = new FormData()
  form.set('name', 'Ashwagandha')
  form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'big.jpg')
  return form
}

function chunked(total: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(256 * 1024).fill(120)
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close()
      sent += chunk.length
      controller.enqueue(chunk)
    },
  })
}

describe('413 reaches a client that is still sending', () => {
  it.each([11, 20, 30])('answers a %i MB upload with a readable 413 (Node fetch)', async (mb) => {
    const hits = upstreamHits
    const res = await fetch(`${gateway.url}/product`, { method: 'POST', body: upload(mb * 1024 * 1024) })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      message: 'Request body is too large (at most 10 MB)',
      code: 'too_large',
    })
    expect(upstreamHits).toBe(hits)
  })

  it('answers a streamed (chunked) JSON body past 1 MB with a readable 413', async () => {
    const res = await fetch(`${gateway.url}/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(8 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe('Request body is too large (at most 1 MB)')
  })

  it('keeps reading while a slow client finishes sending after the 413, then closes', async () => {
    // A slow uplink: the answer arrives while most of the body is still to come. Every later write must
    // still be accepted (no EPIPE / reset), and the gateway closes the connection only after the body.
    const { port } = new URL(gateway.url)
    const total = 12 * 1024 * 1024
    const outcome = await new Promise<{ response: string; writeError?: string; closedAfterBody: boolean }>(
      (resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1')
        let response = ''
        let writeError: string | undefined
        let sent = 0
        socket.on('data', (d) => {
          response += d.toString()
        })
        socket.on('error', (err) => {
          writeError = (err as NodeJS.ErrnoException).code
        })
        socket.on('close', () => resolve({ response, writeError, closedAfterBody: sent >= total }))
        socket.write(
          `POST /product HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${total}\r\n\r\n`,
        )
        const block = Buffer.alloc(512 * 1024)
        const pump = () => {
          if (sent >= total || socket.destroyed) return
          sent += block.length
          socket.write(block)
          // Once the answer is in, keep sending slowly, as a phone on a weak signal would.
          setTimeout(pump, response ? 20 : 0)
        }
        pump()
      },
    )
    expect(outcome.response).toMatch(/^HTTP\/1.1 413/)
    expect(outcome.response).toContain('Request body is too large (at most 10 MB)')
    expect(outcome.writeError).toBeUndefined()
    expect(outcome.closedAfterBody).toBe(true)
  })

  it('closes the connection after the refused body, so it is never taken for a next request', async () => {
    const closed = await new Promise<{ status: number; closedAfter: boolean }>((resolve, reject) => {
      const req = http.request(`${gateway.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': 2 * 1024 * 1024 },
      })
      req.on('response', (res) => {
        res.resume()
        res.on('end', () =>
          resolve({ status: res.statusCode!, closedAfter: res.headers.connection === 'close' }),
        )
      })
      req.on('error', reject)
      req.end(Buffer.alloc(2 * 1024 * 1024, 32))
    })
    expect(closed).toEqual({ status: 413, closedAfter: true })
  })

  it('stops reading a body that goes on past the discard bound (the socket is closed)', async () => {
    // 64 MB declared: far past the bound, so the gateway drops the connection rather than read it all.
    const outcome = await new Promise<string>((resolve) => {
      const req = http.request(`${gateway.url}/product`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': 64 * 1024 * 1024 },
      })
      req.on('response', (res) => {
        res.resume()
        res.on('close', () => resolve(`answered ${res.statusCode}`))
      })
      req.on('error', (err) => resolve(`closed: ${(err as NodeJS.ErrnoException).code}`))
      const block = Buffer.alloc(1024 * 1024)
      let written = 0
      const write = () => {
        while (written < 64 && req.write(block)) written++
        if (written < 64) req.once('drain', write)
        else req.end()
      }
      write()
    })
    // Either way the client got its answer or a closed socket, and the gateway did not read 64 MB.
    expect(outcome).toMatch(/answered 413|closed/)
  })
})
