import type { IncomingMessage } from 'node:http'

/**
 * Connection-level request headers, which describe the client's connection to the gateway, not the
 * gateway's to the service (the upstream client frames the body and manages its own connections).
 * `expect: 100-continue` is answered by the gateway's own server.
 */
const HOP_BY_HOP_REQUEST = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
])

const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto', 'x-forwarded-host'])

/** The port a Host header names ("api.example:8080" → "8080"), undefined when it names none. */
function portOf(host: string): string | undefined {
  const colon = host.lastIndexOf(':')
  if (colon === -1 || colon === host.length - 1) return undefined
  for (let i = colon + 1; i < host.length; i++) {
    const c = host.charCodeAt(i)
    if (c < 48 || c > 57) return undefined
  }
  return host.slice(colon + 1)
}

const appended = (previous: string | string[] | undefined, value: string) =>
  previous === undefined || previous === '' ? value : `${previous},${value}`

/**
 * The headers a request goes to its service with (name, value, … for the upstream client): the client's
 * (with the request id the gateway assigned), minus connection-level ones, plus `X-Forwarded-For`, `-Port`,
 * `-Proto` (appended to any a trusted proxy in front set) and `-Host` (kept if set), which the services'
 * `trust proxy` reads the client's address from.
 */
export function upstreamHeaders(req: IncomingMessage): string[] {
  const headers = req.headers
  const out: string[] = []
  for (const name in headers) {
    if (HOP_BY_HOP_REQUEST.has(name) || FORWARDED.has(name)) continue
    const value = headers[name]
    if (typeof value === 'string') out.push(name, value)
    else if (value) for (const each of value) out.push(name, each)
  }
  const host = headers.host
  const port = host ? portOf(host) : undefined
  out.push(
    'x-forwarded-for',
    appended(headers['x-forwarded-for'], req.socket.remoteAddress ?? ''),
    'x-forwarded-port',
    appended(headers['x-forwarded-port'], port ?? '80'),
    'x-forwarded-proto',
    appended(headers['x-forwarded-proto'], 'http'),
    'x-forwarded-host',
    (headers['x-forwarded-host'] as string | undefined) || host || '',
  )
  return out
}
