import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http'
import { sendError } from './respond'

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

function refuse(req: IncomingMessage, res: ServerResponse, limit: number): void {
  ;(req as Marked)[TOO_LARGE] = true
  // The rest of the body is not read: closing the connection after the answer is the only way to stop it.
  sendError(res, 413, `Request body is too large (at most ${megabytes(limit)})`, { connection: 'close' })
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
 * the upstream request is abandoned and the client gets 413.
 */
export function countStreamedBody(
  req: IncomingMessage,
  res: ServerResponse,
  proxyReq: ClientRequest,
  limit: number,
): void {
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] === undefined) return
  let received = 0
  const count = (chunk: Buffer) => {
    received += chunk.length
    if (received <= limit) return
    req.off('data', count)
    req.unpipe(proxyReq)
    refuse(req, res, limit)
    proxyReq.destroy()
  }
  req.on('data', count)
}

/** True when the gateway already answered 413 (the proxy's error from the abandoned request is expected). */
export const refusedAsTooLarge = (req: IncomingMessage) => (req as Marked)[TOO_LARGE] === true
