import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { REQUEST_ID_HEADER, requestContext } from '../request-context'

const SAFE_ID = /^[\w.:-]{1,128}$/

/** A caller's request id is reused only when it cannot smuggle anything into logs or headers. */
export const isSafeRequestId = (id: string | undefined): id is string => id !== undefined && SAFE_ID.test(id)

/** Reuses the caller's request id (the gateway sets one) or makes one, and echoes it back. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get(REQUEST_ID_HEADER)
  const id = isSafeRequestId(incoming) ? incoming : randomUUID()
  res.setHeader(REQUEST_ID_HEADER, id)
  requestContext.run({ requestId: id }, next)
}
