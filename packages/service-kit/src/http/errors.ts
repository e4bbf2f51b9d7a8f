import type { ErrorRequestHandler, RequestHandler } from 'express'
import { z } from 'zod'
import type { Logger } from '../logger'

export type FieldError = { path: string; message: string }

/** An error whose status and message are safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors)
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message)
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

/** 400 for a zod failure, with the first problem as the message and all of them under `errors`. */
export function validationError(error: z.ZodError): HttpError {
  const errors = fieldErrors(error)
  return badRequest(errors[0]?.message ?? 'Invalid request', errors)
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.path}` })
}

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean }

/** The one place an error becomes a response: `{ message, errors? }`, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const response = toResponse(err)
    if (response.status >= 500)
      logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed')
    if (res.headersSent) return
    res.status(response.status).json(response.body)
  }
}

function toResponse(err: unknown): { status: number; body: { message: string; errors?: FieldError[] } } {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: err.errors ? { message: err.message, errors: err.errors } : { message: err.message },
    }
  }
  if (err instanceof z.ZodError) return toResponse(validationError(err))
  // The router could not percent-decode a path parameter (bytes that are not UTF-8): the client's fault.
  if (err instanceof URIError) return { status: 400, body: { message: 'The address is not valid UTF-8' } }
  const bodyError = err as BodyParserError
  switch (bodyError?.type) {
    case 'entity.parse.failed':
      return { status: 400, body: { message: 'Malformed JSON in request body' } }
    case 'entity.too.large':
      return { status: 413, body: { message: 'Request body is too large' } }
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { message: 'Unsupported request body encoding' } }
  }
  if (bodyError?.expose && typeof bodyError.status === 'number' && bodyError.status < 500) {
    return { status: bodyError.status, body: { message: bodyError.message } }
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } }
}
