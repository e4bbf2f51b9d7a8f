import type { ErrorRequestHandler } from 'express'
import { TooManyAttempts } from '../use-cases/errors'

/** Adds Retry-After to a 429 and hands the error on to the kit's error handler (which writes the body). */
export const retryAfter: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof TooManyAttempts) res.setHeader('retry-after', String(err.retryAfterSeconds))
  next(err)
}
