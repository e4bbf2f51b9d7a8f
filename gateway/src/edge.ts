import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'

const REQUEST_ID = 'x-request-id'
const SAFE_ID = /^[\w.:-]{1,128}$/

/**
 * Security headers for an API host (what helmet sets, decided once rather than per request). Resources may
 * be embedded cross-origin: the shop on another origin shows product images served through here; reading
 * them from script is still governed by CORS.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'cross-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
]

/**
 * The first thing every request meets: a request id (the caller's if it is safe, else a new one) that is
 * passed to the service (it travels in the request headers the proxy copies) and returned; security headers.
 */
export const edge: RequestHandler = (req, res, next) => {
  const incoming = req.headers[REQUEST_ID]
  const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID()
  req.headers[REQUEST_ID] = id
  res.setHeader(REQUEST_ID, id)
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value)
  next()
}
