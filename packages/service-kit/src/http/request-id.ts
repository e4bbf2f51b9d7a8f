import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { REQUEST_ID_HEADER, requestContext } from '../request-context'

const SAFE_ID = /^[\w.:-]{1,128}$/

/** Reuses the caller's request id (the gateway sets one) or makes one, and echoes it back. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get(REQUEST_ID_HEADER)
  const id = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID()
  res.setHeader(REQUEST_ID_HEADER, id)
  requestContext.run({ requestId: id }, next)
}
