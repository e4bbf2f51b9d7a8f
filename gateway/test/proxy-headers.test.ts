import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { answerHeaders, markEdge } from '../src/edge'
import { upstreamHeaders } from '../src/forwarded'

const request = (headers: IncomingMessage['headers'], remoteAddress = '203.0.113.7') =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage

/** A flat name, value, … list as a map of lower-case names to their values. */
const byName = (flat: string[]) => {
  const map = new Map<string, string[]>()
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i]!.toLowerCase()
    map.set(name, [...(map.get(name) ?? []), flat[i + 1]!])
  }
  return map
}
const raw = (...pairs: string[]) => pairs.map((s) => Buffer.from(s, 'latin1'))

describe('the headers a request goes upstream with', () => {
  it('keeps the client’s headers and drops the connection-level ones', () => {
    const headers = byName(
      upstreamHeaders(
        request({
          host: 'api.medstore.test:8080',
          accept: 'application/json',
          authorization: 'bearer t',
          'x-request-id': 'r-1',
          connection: 'keep-alive',
          'keep-alive': 'timeout=5',
          'transfer-encoding': 'chunked',
          expect: '100-continue',
          upgrade: 'websocket',
          'x-forwarded-prefix': '/api',
        }),
      ),
    )
    expect(headers.get('accept')).toEqual(['application/json'])
    expect(headers.get('authorization')).toEqual(['bearer t'])
    expect(headers.get('x-request-id')).toEqual(['r-1'])
    expect(headers.get('host')).toEqual(['api.medstore.test:8080'])
    expect(headers.get('x-forwarded-prefix')).toEqual(['/api'])
    for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'expect', 'upgrade'])
      expect(headers.has(name), name).toBe(false)
  })

  it('says who the client is in X-Forwarded-*', () => {
    const headers = byName(upstreamHeaders(request({ host: 'api.medstore.test:8080' })))
    expect(headers.get('x-forwarded-for')).toEqual(['203.0.113.7'])
    expect(headers.get('x-forwarded-port')).toEqual(['8080'])
    expect(headers.get('x-forwarded-proto')).toEqual(['http'])
    expect(headers.get('x-forwarded-host')).toEqual(['api.medstore.test:8080'])
  })

  it('appends to the X-Forwarded-* a proxy in front set, once each', () => {
    const headers = byName(
      upstreamHeaders(
        request({
          host: 'api.medstore.test',
          'x-forwarded-for': '198.51.100.1',
          'x-forwarded-port': '443',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'shop.medstore.test',
        }),
      ),
    )
    expect(headers.get('x-forwarded-for')).toEqual(['198.51.100.1,203.0.113.7'])
    expect(headers.get('x-forwarded-port')).toEqual(['443,80'])
    expect(headers.get('x-forwarded-proto')).toEqual(['https,http'])
    expect(headers.get('x-forwarded-host')).toEqual(['shop.medstore.test'])
  })
})

describe('the headers of a proxied answer', () => {
  const answer = raw(
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    '2',
    'Connection',
    'keep-alive',
    'Keep-Alive',
    'timeout=5',
    'X-Frame-Options',
    'SAMEORIGIN',
    'Cross-Origin-Resource-Policy',
    'same-origin',
    'Set-Cookie',
    'a=1',
    'Set-Cookie',
    'b=2',
  )

  it('keeps the service’s own headers, duplicates included, and drops the connection-level ones', () => {
    const headers = byName(answerHeaders(answer, request({ 'x-request-id': 'r-1' })).headers)
    expect(headers.get('content-type')).toEqual(['application/json; charset=utf-8'])
    expect(headers.get('content-length')).toEqual(['2'])
    expect(headers.get('set-cookie')).toEqual(['a=1', 'b=2'])
    expect(headers.has('connection')).toBe(false)
    expect(headers.has('keep-alive')).toBe(false)
  })

  it('reads the length the service declared, or -1 when it declared none', () => {
    expect(answerHeaders(answer, request({})).length).toBe(2)
    const chunked = raw('Content-Type', 'text/plain', 'Transfer-Encoding', 'chunked')
    expect(answerHeaders(chunked, request({})).length).toBe(-1)
  })

  it('replaces the service’s security headers with the gateway’s, once each', () => {
    const headers = byName(answerHeaders(answer, request({ 'x-request-id': 'r-1' })).headers)
    expect(headers.get('x-frame-options')).toEqual(['DENY'])
    expect(headers.get('cross-origin-resource-policy')).toEqual(['cross-origin'])
    expect(headers.get('content-security-policy')).toEqual(["default-src 'none'; frame-ancestors 'none'"])
    expect(headers.get('x-content-type-options')).toEqual(['nosniff'])
  })

  it('keeps a service’s own CSP (the payment page’s)', () => {
    const page = [...answer, ...raw('Content-Security-Policy', "default-src 'self'")]
    const headers = byName(answerHeaders(page, request({})).headers)
    expect(headers.get('content-security-policy')).toEqual(["default-src 'self'"])
  })

  it('sends HSTS only from a production gateway', () => {
    const plain = request({})
    expect(byName(answerHeaders(answer, plain).headers).has('strict-transport-security')).toBe(false)
    const production = request({})
    markEdge(production, true)
    expect(byName(answerHeaders(answer, production).headers).get('strict-transport-security')).toHaveLength(1)
  })

  it('carries the request id: the service’s if it sent one, else the request’s', () => {
    expect(
      byName(answerHeaders(answer, request({ 'x-request-id': 'r-1' })).headers).get('x-request-id'),
    ).toEqual(['r-1'])
    const own = [...answer, ...raw('X-Request-Id', 'svc-9')]
    expect(
      byName(answerHeaders(own, request({ 'x-request-id': 'r-1' })).headers).get('x-request-id'),
    ).toEqual(['svc-9'])
  })
})
