import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isSafeRequestId, REQUEST_ID_HEADER as REQUEST_ID } from '@medstore/service-kit'
import { headerNameMatcher } from './header-names'

/**
 * Security headers for an API host (what helmet sets, decided once rather than per request). Resources may
 * be embedded cross-origin: the shop on another origin shows product images served through here; reading
 * them from script is still governed by CORS. The CSP forbids API answers from running anything or being
 * framed (frame-ancestors). HSTS is sent only in production (see markEdge): on a developer's
 * http://localhost it would pin every other local app to https for a year.
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

const HSTS = 'strict-transport-security'
const PRODUCTION = Symbol('served in production')
const CORS = Symbol('CORS headers of the answer')
type EdgeRequest = IncomingMessage & { [PRODUCTION]?: true; [CORS]?: readonly string[] }
const NO_HEADERS: readonly string[] = []

/** The CORS headers (name, value, …) every answer to this request carries, decided once by cors.ts. */
export function setCorsHeaders(req: IncomingMessage, headers: readonly string[]): void {
  ;(req as EdgeRequest)[CORS] = headers
}
const corsHeadersOf = (req: IncomingMessage | undefined) =>
  (req as EdgeRequest | undefined)?.[CORS] ?? NO_HEADERS

/** Marks a request as served by a production gateway, whose answers carry HSTS. */
export function markEdge(req: IncomingMessage, production: boolean): void {
  if (production) (req as EdgeRequest)[PRODUCTION] = true
}

const applies = (name: string, req: IncomingMessage | undefined) =>
  name !== HSTS || (req as EdgeRequest | undefined)?.[PRODUCTION] === true

/**
 * Every request gets an id: the caller's if it is safe, else a new one. It travels in the request headers,
 * which the proxy copies to the service (whose logs carry it), and comes back in the response.
 */
export function assignRequestId(req: IncomingMessage): void {
  const incoming = req.headers[REQUEST_ID]
  if (typeof incoming !== 'string' || !isSafeRequestId(incoming)) req.headers[REQUEST_ID] = randomUUID()
}

/**
 * The headers of an answer the gateway writes itself. (A proxied answer gets the same ones merged into the
 * service's headers in one pass, see proxy.ts, rather than set here and overwritten there.)
 */
export function setOwnHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) if (applies(name, res.req)) res.setHeader(name, value)
  const id = res.req?.headers[REQUEST_ID]
  if (id) res.setHeader(REQUEST_ID, id)
  const cors = corsHeadersOf(res.req)
  for (let i = 0; i < cors.length; i += 2) res.setHeader(cors[i]!, cors[i + 1]!)
}

/** What the gateway does with a service's answer header, by its name. */
const LEFT_OUT = 0
const OWN_CSP = 1
const ID = 2
const LENGTH = 3
const answerHeaderKind = headerNameMatcher(
  new Map<string, number>([
    // Connection-level (node writes its own for the client's connection) and CORS (the gateway's alone:
    // it knows the allowed origins).
    ['connection', LEFT_OUT],
    ['keep-alive', LEFT_OUT],
    ['transfer-encoding', LEFT_OUT],
    ['access-control-allow-origin', LEFT_OUT],
    ['access-control-expose-headers', LEFT_OUT],
    ['access-control-allow-credentials', LEFT_OUT],
    // The gateway's security headers replace the service's, but for its CSP.
    ...SECURITY_HEADERS.map(([name]) => [name, LEFT_OUT] as [string, number]),
    ['content-security-policy', OWN_CSP],
    [REQUEST_ID, ID],
    ['content-length', LENGTH],
  ]),
)

/**
 * The security headers a proxied answer gets, flat (name, value, …), decided once for each case: by
 * [production][the service sent its own CSP].
 */
const ownHeaders = [false, true].map((production) =>
  [false, true].map((ownCsp) =>
    SECURITY_HEADERS.filter(
      ([name]) => (production || name !== HSTS) && !(ownCsp && name === 'content-security-policy'),
    ).flat(),
  ),
)

export type AnswerHead = {
  /** name, value, … for writeHead */
  headers: string[]
  /** The body's length as the service declared it; -1 when it did not (chunked, or closed at the end). */
  length: number
}

/**
 * A service's answer headers (as the upstream client reads them: name, value, … in bytes) with the
 * gateway's merged in, as a flat list for writeHead: its security headers replace the service's (a
 * service's own CSP is kept: it knows its page, the payment page, best), the request id is the service's
 * or else the request's, and the request's CORS headers are added (a service's Vary is kept beside the
 * gateway's). Node frames the body for the client itself (length or chunked). The declared length comes
 * back beside them, read in the same pass, so the proxy knows which chunk is the answer's last.
 */
export function answerHeaders(raw: Buffer[], req: IncomingMessage): AnswerHead {
  const out: string[] = []
  let length = -1
  let ownCsp = false
  let id = false
  for (let i = 0; i < raw.length; i += 2) {
    const kind = answerHeaderKind(raw[i]!)
    if (kind === LEFT_OUT) continue
    const value = raw[i + 1]!.toString('latin1')
    if (kind === LENGTH) length = Number(value)
    else if (kind === OWN_CSP) ownCsp = true
    else if (kind === ID) id = true
    out.push(raw[i]!.toString('latin1'), value)
  }
  const own = ownHeaders[(req as EdgeRequest)[PRODUCTION] === true ? 1 : 0]![ownCsp ? 1 : 0]!
  for (let i = 0; i < own.length; i++) out.push(own[i]!)
  const requestId = req.headers[REQUEST_ID]
  if (!id && typeof requestId === 'string') out.push(REQUEST_ID, requestId)
  for (const header of corsHeadersOf(req)) out.push(header)
  return { headers: out, length: Number.isSafeInteger(length) ? length : -1 }
}
