import type { IncomingMessage, ServerResponse } from 'node:http'
import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@medstore/contracts/api'
import { setCorsHeaders, setOwnHeaders } from './edge'

/** Response headers a page may read besides the safelisted ones (Content-Disposition: a download's file name). */
const EXPOSED = `x-request-id,${TOTAL_COUNT_HEADER},${LINK_HEADER},retry-after,ratelimit,ratelimit-policy,content-disposition`

const VARY_ONLY: readonly string[] = ['vary', 'Origin']

/**
 * Lets the configured front-end origins call the API from a browser, with the bearer header. Preflights
 * are answered here and never reach a service; an origin not on the list gets no CORS headers (the
 * browser then refuses the response). Returns true when it has answered the request (a preflight).
 *
 * The answer's CORS headers go with the gateway's own (edge.ts), to the service's answer and to the
 * gateway's: a header set on the response before a proxied answer's writeHead sent node down its slower
 * path (every header removed and appended again) on every request.
 */
export function cors(origins: string[]) {
  const allowed = new Set(origins)
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const origin = req.headers.origin
    const ok = origin !== undefined && allowed.has(origin)
    setCorsHeaders(
      req,
      ok
        ? ['vary', 'Origin', 'access-control-allow-origin', origin, 'access-control-expose-headers', EXPOSED]
        : VARY_ONLY,
    )
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false
    if (ok) {
      res.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS')
      res.setHeader('access-control-allow-headers', 'authorization,content-type,idempotency-key,x-request-id')
      res.setHeader('access-control-max-age', '600')
    }
    setOwnHeaders(res)
    res.writeHead(204).end()
    return true
  }
}
