import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, startGateway } from './support'

/**
 * A service's answer goes through the gateway as it comes: whole and exact whatever its size or framing,
 * the first bytes of a slow answer before its last, and no faster than the client takes it (the gateway
 * holds a slow client's answer back at the service instead of buffering it).
 */
const bytes = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * seed) % 251))
const SMALL = bytes(3_000, 7)
/** Over a socket's 16 KB high-water mark in one piece. */
const OVER_HIGH_WATER = bytes(20_000, 13)
const PIECES = Array.from({ length: 40 }, (_, i) => bytes(25_000, i + 3))
const BIG = 32 * 1024 * 1024
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let bigWritten = 0
let releaseSlow = () => {}
const service = http.createServer((req, res) => {
  const send = (body: Buffer) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length })
    res.end(body)
  }
  if (req.url === '/category/small') return send(SMALL)
  if (req.url === '/category/over-high-water') return send(OVER_HIGH_WATER)
  if (req.url === '/category/pieces') {
    // A declared length sent in many writes: the gateway must not end the answer at the first.
    res.writeHead(200, { 'content-length': PIECES.reduce((n, p) => n + p.length, 0) })
    let i = 0
    const next = () => {
      if (i === PIECES.length) return res.end()
      res.write(PIECES[i++])
      setImmediate(next)
    }
    return next()
  }
  if (req.url === '/category/slow') {
    // Chunked, no length: the first piece now, the last when the test says.
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.write('first ')
    releaseSlow = () => res.end('last')
    return
  }
  if (req.url === '/category/big') {
    // 32 MB with a length, written as fast as the gateway takes it.
    res.writeHead(200, { 'content-length': BIG })
    const piece = Buffer.alloc(64 * 1024, 1)
    const pump = () => {
      while (bigWritten < BIG) {
        bigWritten += piece.length
        if (!res.write(piece)) return void res.once('drain', pump)
      }
      res.end()
    }
    return pump()
  }
  res.writeHead(404).end()
})

let gateway: Gateway
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
  gateway = await startGateway(new Map([['catalogue', { url }]]))
})
afterAll(async () => {
  await gateway?.close()
  service.closeAllConnections()
  await new Promise((resolve) => service.close(resolve))
})

describe('an answer through the gateway', () => {
  it.each([
    ['a small one', 'small', SMALL],
    ['one over the socket’s high-water mark in one piece', 'over-high-water', OVER_HIGH_WATER],
    ['one of known length sent in many writes', 'pieces', Buffer.concat(PIECES)],
  ])('arrives whole and exact: %s', async (_, path, expected) => {
    const res = await fetch(`${gateway.url}/category/${path}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(expected.length))
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true)
  })

  it('answers HEAD with the length and no body', async () => {
    const res = await fetch(`${gateway.url}/category/small`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(SMALL.length))
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })

  it('streams: the first bytes of an answer of unknown length arrive before its last is sent', async () => {
    const res = await fetch(`${gateway.url}/category/slow`)
    const reader = res.body!.getReader()
    const first = await reader.read()
    expect(Buffer.from(first.value!).toString()).toBe('first ')
    releaseSlow()
    let rest = ''
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += Buffer.from(part.value).toString()
    expect(rest).toBe('last')
  })

  it('goes no faster than a slow client takes it, then arrives whole', async () => {
    const port = Number(new URL(gateway.url).port)
    const socket = net.connect(port, '127.0.0.1')
    socket.write('GET /category/big HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n')
    socket.pause()
    await sleep(500)
    // The socket buffers on both hops hold a few MB at most; the rest waits at the service.
    expect(bigWritten).toBeGreaterThan(0)
    expect(bigWritten).toBeLessThan(BIG / 2)
    let received = 0
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
    })
    socket.resume()
    await new Promise((resolve) => socket.once('end', resolve))
    expect(bigWritten).toBe(BIG)
    expect(received).toBeGreaterThan(BIG)
  }, 20_000)
})
