import { z } from 'zod'
import { PROBLEM_CODES } from './problems'

/**
 * The stable, machine-readable `code` every error body carries beside its message. Clients branch on the
 * code, never on the wording (messages are for people and may be reworded). A code, once published, keeps
 * its meaning; a new situation gets a new code.
 */
export const ERROR_CODES = {
  validation_failed: 'The input breaks a rule; `errors` names each field when known',
  malformed_request: 'The request could not be read (malformed JSON or HTTP, an address that is not UTF-8)',
  unauthenticated: 'No valid sign-in: missing, expired or wrong token, or wrong email or password',
  forbidden: 'Signed in, but not allowed to do this',
  not_found: 'No such thing (or not yours), or no such route',
  conflict: 'The request clashes with the current state (a name taken, a status that can no longer change)',
  out_of_stock: 'Fewer units are left than asked for; an order names each short line under `shortages`',
  idempotency_in_progress:
    'A request with this Idempotency-Key is still being handled: retry with the same key',
  idempotency_key_reused: 'This Idempotency-Key was used for a different request: use a new key',
  unprocessable: 'Understood, but it can never be done as asked',
  invoice_not_issued:
    'The order has no tax invoice yet: it is issued when the order is shipped (never for a cancelled order)',
  pincode_unknown: 'India Post does not list this PIN code',
  pincode_not_served: 'We do not deliver to this PIN code',
  not_sold_online: 'A Schedule X medicine: it cannot be carted or ordered online',
  prescription_required:
    'The order holds Schedule H or H1 medicines and no prescription was attached (upload one or reuse an approved one)',
  prescription_not_usable:
    "The prescription is not the customer's, was rejected or deleted, or is older than the validity period",
  prescription_unverified:
    'The order waits for a pharmacist to approve its prescription: it cannot move past pending until then',
  prescription_in_use: 'The prescription is attached to an open order and cannot be deleted',
  too_large: 'What was sent is bigger than allowed (a body, a file, a field, the headers)',
  unsupported_media_type: 'What was sent is not of a kind that can be handled (a body encoding, a file type)',
  rate_limited: 'Too many requests: wait as long as Retry-After (or the message) says',
  unavailable: 'A service this depends on is down or busy for now: the same request may succeed shortly',
  bad_gateway: 'The service behind this route gave an invalid answer',
  timeout: 'The service behind this route took too long to answer',
  internal: 'Something went wrong on our side',
} as const satisfies Record<string, string>

export type ErrorCode = keyof typeof ERROR_CODES
export const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]

/** The code an error answer of this status carries when nothing more specific is known. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation_failed'
    case 401:
      return 'unauthenticated'
    case 403:
      return 'forbidden'
    case 404:
      return 'not_found'
    case 409:
      return 'conflict'
    case 413:
    case 431:
      return 'too_large'
    case 415:
      return 'unsupported_media_type'
    case 422:
      return 'unprocessable'
    case 429:
      return 'rate_limited'
    case 502:
      return 'bad_gateway'
    case 503:
      return 'unavailable'
    case 504:
      return 'timeout'
    default:
      return status >= 500 ? 'internal' : 'validation_failed'
  }
}

/**
 * Every error answer of the API: `{ message, code, errors? }` (some add fields, e.g. an order's shortages).
 * Each of `errors` may name its problem by `code` (and `values`, e.g. `{ max: 50 }`: ./problems.ts), so a
 * form can say it in the reader's language.
 */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  errors: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        code: z.enum(PROBLEM_CODES).optional(),
        values: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
      }),
    )
    .optional(),
})
export type ErrorBody = z.infer<typeof errorBody>
