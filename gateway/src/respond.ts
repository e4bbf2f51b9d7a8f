import type { ServerResponse } from 'node:http'
import { codeForStatus } from '@medstore/contracts/errors'
import { type ErrorCode, errorJson } from '@medstore/service-kit'
import { setOwnHeaders } from './edge'

/**
 * Writes a JSON error the gateway produced itself (`{ message, code }`, the API's error shape; the code is
 * the status's own unless given). Plain node so it also works where express's helpers are not available
 * (inside proxy callbacks).
 */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  options: { headers?: Record<string, string>; code?: ErrorCode } = {},
): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const { headers = {}, code = codeForStatus(status) } = options
  const body = JSON.stringify(errorJson(message, code))
  setOwnHeaders(res)
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
}
