import type { RequestHandler } from 'express'

/**
 * `Cache-Control: no-store` on an answer no cache may keep: one to a signed-in request (an order, a cart,
 * notifications) or one that carries credentials (a token). Set before the route runs, so error answers
 * carry it too.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store')
  next()
}

/** noStore for every request that carries credentials (an Authorization header). */
export const noStoreWhenSignedIn: RequestHandler = (req, res, next) => {
  if (req.headers.authorization) res.setHeader('Cache-Control', 'no-store')
  next()
}
