import { findUnsafeText } from '@medstore/contracts/fields'
import type { RequestHandler } from 'express'
import { badRequest, type HttpError } from './errors'

/** A 400 naming the field when any text in the input breaks the contracts' text rule (NUL, lone surrogates). */
export function unsafeTextError(input: unknown): HttpError | undefined {
  const found = findUnsafeText(input)
  return found && badRequest(found.message, [found])
}

/**
 * Applies the text rule to every parsed JSON body and query string before any route sees them, so a
 * handler that reads a field without its schema cannot pass a NUL on to PostgreSQL either. Path
 * parameters are named by the routes' own schemas (parseInput applies the same rule).
 */
export const rejectUnsafeText: RequestHandler = (req, _res, next) => {
  next(unsafeTextError(req.query) ?? unsafeTextError(req.body))
}
