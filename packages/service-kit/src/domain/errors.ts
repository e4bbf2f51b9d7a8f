import type { ErrorCode } from '@medstore/contracts/errors'
import type { ProblemCode } from '@medstore/contracts/problems'

export type { ErrorCode }

/** A more specific `code` than the kind's own (e.g. `idempotency_in_progress` for a conflict). */
export type ErrorOptions = { code?: ErrorCode }

/**
 * What went wrong, in the domain's words: use cases and domain rules throw these and know nothing of HTTP.
 * The kit's one error handler (http/errors.ts) decides what a client sees for each kind. The message is
 * the one the spec gives the client; `code` is the stable name clients branch on (the kind's own unless a
 * more specific one is given); `details` are extra fields of the answer (e.g. an order's shortages).
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind
  readonly details?: Record<string, unknown>
  private readonly specificCode?: ErrorCode
  constructor(message: string, options: ErrorOptions & { details?: Record<string, unknown> } = {}) {
    super(message)
    this.name = new.target.name
    this.details = options.details
    this.specificCode = options.code
  }

  get code(): ErrorCode {
    return this.specificCode ?? KIND_CODE[this.kind]
  }
}

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'not-allowed'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'too-large'
  | 'unsupported'
  | 'too-many'
  | 'unavailable'

/** The code each kind answers with when the error names none more specific. */
const KIND_CODE: Record<DomainErrorKind, ErrorCode> = {
  invalid: 'validation_failed',
  unauthenticated: 'unauthenticated',
  'not-allowed': 'forbidden',
  'not-found': 'not_found',
  conflict: 'conflict',
  unprocessable: 'unprocessable',
  'too-large': 'too_large',
  unsupported: 'unsupported_media_type',
  'too-many': 'rate_limited',
  unavailable: 'unavailable',
}

/** The input breaks a rule its schema could not express. `errors` names the fields when known. */
export class Invalid extends DomainError {
  readonly kind = 'invalid'
  constructor(message: string, errors?: { path: string; message: string; code?: ProblemCode }[]) {
    super(message, errors ? { details: { errors } } : {})
  }
}

/** The caller is not who they claim to be (wrong password, a session for an account that is gone). */
export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated'
}

export class NotAllowed extends DomainError {
  readonly kind = 'not-allowed'
}

export class NotFound extends DomainError {
  readonly kind = 'not-found'
}

/**
 * The request clashes with the current state (a name taken, a status that can no longer change, fewer
 * units left than asked for: the catalogue kit's OutOfStock, with its code and details).
 */
export class Conflict extends DomainError {
  readonly kind = 'conflict'
}

/** Understood, but it can never be done as asked (e.g. an idempotency key reused for another request). */
export class Unprocessable extends DomainError {
  readonly kind = 'unprocessable'
}

/** What was sent is bigger than allowed (a file, a field, an image's pixels). */
export class TooLarge extends DomainError {
  readonly kind = 'too-large'
}

/** What was sent is not of a kind that can be handled (e.g. a file that is not an image). */
export class Unsupported extends DomainError {
  readonly kind = 'unsupported'
}

/** Too many attempts: try again after `retryAfterSeconds`. */
export class TooMany extends DomainError {
  readonly kind = 'too-many'
  readonly retryAfterSeconds: number
  constructor(message: string, waitMs: number) {
    super(message)
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
  }
}

/** Something this depends on is down for now: the same request may succeed in a moment. */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable'
}

const BY_KIND = {
  invalid: Invalid,
  unauthenticated: Unauthenticated,
  'not-allowed': NotAllowed,
  'not-found': NotFound,
  conflict: Conflict,
  unprocessable: Unprocessable,
  unavailable: Unavailable,
} as const

/** The error of a refusal a pure rule returned as data (`{ kind, message }`), for the use case to throw. */
export const domainError = (kind: keyof typeof BY_KIND, message: string): DomainError =>
  new BY_KIND[kind](message)
