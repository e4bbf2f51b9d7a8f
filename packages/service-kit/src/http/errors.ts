import { codeForStatus, type ErrorCode } from '@medstore/contracts/errors'
import { type ProblemCode, type ProblemValues, problemOf } from '@medstore/contracts/problems'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import { z } from 'zod'
import { isDatabaseUnavailable } from '../database-errors'
import { DomainError, type DomainErrorKind } from '../domain/errors'
import type { Logger } from '../logger'

/** One field's problem: the English sentence, and its code and values for the reader's language when known. */
export type FieldError = { path: string; message: string; code?: ProblemCode; values?: ProblemValues }

/** The body of every error answer, here and at the gateway: the message for people, the code for programs. */
export const errorJson = (message: string, code: ErrorCode) => ({ message, code })

/** An error whose status, message and code are safe to show the client (the code is the status's own unless given). */
export class HttpError extends Error {
  readonly code: ErrorCode
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    code?: ErrorCode,
  ) {
    super(message)
    this.name = 'HttpError'
    this.code = code ?? codeForStatus(status)
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors)
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message)
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
    ...problemOf(issue),
  }))
}

/** 400 for a zod failure, with the first problem as the message and all of them under `errors`. */
export function validationError(error: z.ZodError): HttpError {
  const errors = fieldErrors(error)
  return badRequest(errors[0]?.message ?? 'Invalid request', errors)
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(errorJson(`No route for ${req.method} ${req.path}`, 'not_found'))
}

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean }

/** The status each kind of domain error answers with: the one place the domain meets HTTP. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  unavailable: 503,
}

/** An answer to send: status, JSON body and any headers. */
export type ErrorAnswer = {
  status: number
  body: { message: string; code: ErrorCode; errors?: FieldError[]; [field: string]: unknown }
  headers?: Record<string, string>
}

const answer = (status: number, message: string, code: ErrorCode = codeForStatus(status)): ErrorAnswer => ({
  status,
  body: errorJson(message, code),
})

/** The one place an error becomes a response: `{ message, code, errors? }`, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const response = errorAnswer(err)
    if (response.status >= 500)
      logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed')
    if (res.headersSent) return
    res
      .set(response.headers ?? {})
      .status(response.status)
      .json(response.body)
  }
}

/** What the client is told for an error (also what an idempotent command stores as its final answer). */
export function errorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof DomainError) {
    return {
      status: DOMAIN_STATUS[err.kind],
      body: { ...errorJson(err.message, err.code), ...err.details },
      headers: 'retryAfterSeconds' in err ? { 'retry-after': String(err.retryAfterSeconds) } : undefined,
    }
  }
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: { ...errorJson(err.message, err.code), ...(err.errors ? { errors: err.errors } : {}) },
    }
  }
  if (err instanceof z.ZodError) return errorAnswer(validationError(err))
  // The router could not percent-decode a path parameter (bytes that are not UTF-8): the client's fault.
  if (err instanceof URIError) return answer(400, 'The address is not valid UTF-8', 'malformed_request')
  const bodyError = err as BodyParserError
  switch (bodyError?.type) {
    case 'entity.parse.failed':
      return answer(400, 'Malformed JSON in request body', 'malformed_request')
    case 'entity.too.large':
      return answer(413, 'Request body is too large')
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return answer(415, 'Unsupported request body encoding')
  }
  if (isDatabaseUnavailable(err)) {
    return answer(503, 'This service is briefly unavailable. Please try again in a moment.')
  }
  if (bodyError?.expose && typeof bodyError.status === 'number' && bodyError.status < 500) {
    return answer(bodyError.status, bodyError.message)
  }
  return answer(500, 'Something went wrong on our side. Please try again.')
}
