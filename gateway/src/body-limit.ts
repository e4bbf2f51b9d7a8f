import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Writable } from 'node:stream'
import { errorJson } from '@medstore/service-kit'
import { setOwnHeaders } from './edge'

export type BodyLimits = { body: number; upload: number }

const TOO_LARGE = Symbol('body too large')
type Marked = IncomingMessage & { [TOO_LARGE]?: true }

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/** Product images come as multipart POST/PUT under /product; every other body is held to the JSON limit. */
export function limitFor(req: IncomingMessage, path: string, limits: BodyLimits): number {
  const upload =
    (req.method === 'POST' || req.method === 'PUT') &&
    path.startsWith('/product') &&
    (req.headers['content-type'] ?? '').startsWith('multipart/form-data')
  return upload ? limits.upload : limits.body
}

/** How much of a refused body the gateway reads and throws away so the client can finish sending. */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024
/** How long it waits for that: a stalled client does not hold the socket open. */
const DISCARD_TIMEOUT_MS = 30_000

/**
 * Answers 413 and keeps reading (discarding) the rest of the body, up to a bound, before closing. Closing
 * at once would make the kernel reset the connection while the client is still sending, and most clients
 * (Node's fetch, browsers) then report the reset (EPIPE) instead of the answer. The whole answer is written
 * at once (its length is declared, so the client has it); ending the response, which makes node close the
 * connection, waits for the body.
 */
function refuse(req: IncomingMessage, res: ServerResponse, limit: number): void {
  ;(req as Marked)[TOO_LARGE] = true
  const message = `Request body is too large (at most ${megabytes(limit)})`
  if (res.headersSent) return void res.destroy()
  const body = JSON.stringify(errorJson(message, 'too_large'))
  setOwnHeaders(res)
  res.writeHead(413, {
    connection: 'close',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  res.write(body)
  let discarded = 0
  const close = () => {
    clearTimeout(timer)
    req.off('data', discard)
    res.end()
  }
  const discard = (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded <= DISCARD_LIMIT_BYTES) return
    close()
    req.socket.destroy()
  }
  const timer = setTimeout(() => {
    close()
    req.socket.destroy()
  }, DISCARD_TIMEOUT_MS)
  timer.unref()
  req.on('data', discard)
  req.once('end', close)
  req.once('error', close)
  req.resume()
}

/** Refuses a declared Content-Length over the limit before anything is sent upstream. */
export function declaredTooLarge(req: IncomingMessage, res: ServerResponse, limit: number): boolean {
  const declared = req.headers['content-length']
  if (declared === undefined || Number(declared) <= limit) return false
  refuse(req, res, limit)
  return true
}

/**
 * A body without Content-Length (chunked) is counted as it streams through, never buffered; past the limit
 * the upstream body (`upstreamBody`, what the request is piped into) is abandoned and the client gets 413.
 */
export function countStreamedBody(
  req: IncomingMessage,
  res: ServerResponse,
  upstreamBody: Writable,
  limit: number,
): void {
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] === undefined) return
  let received = 0
  const count = (chunk: Buffer) => {
    received += chunk.length
    if (received <= limit) return
    req.off('data', count)
    req.unpipe(upstreamBody)
    refuse(req, res, limit)
    upstreamBody.destroy()
  }
  req.on('data', count)
}

/** True when the gateway already answered 413 (the proxy's error from the abandoned request is expected). */
export const refusedAsTooLarge = (req: IncomingMessage) => (req as Marked)[TOO_LARGE] === true
