import type { ServerResponse } from 'node:http'
import { setOwnHeaders } from './edge'

/**
 * Writes a JSON error the gateway produced itself (`{ message }`, the API's error shape). Plain node so it
 * also works where express's helpers are not available (inside proxy callbacks).
 */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const body = JSON.stringify({ message })
  setOwnHeaders(res)
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
}
