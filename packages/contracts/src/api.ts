import { z } from 'zod'
import type { ErrorCode } from './errors'
import { LINK_HEADER, TOTAL_COUNT_HEADER } from './list-headers'

/** Who may call a route: anyone, a signed-in user, or an administrator. The server enforces it. */
export type Access = 'public' | 'user' | 'admin'

/**
 * One HTTP route of the public API, as the gateway exposes it. The same descriptor feeds the OpenAPI
 * document, the gateway's authorisation matrix test and the services' validators, so a route is
 * described once.
 */
export type ApiRoute = {
  method: 'get' | 'post' | 'put' | 'delete'
  /** The path as documented, with `{name}` for path parameters, e.g. `/shop/{id}`. */
  path: string
  summary: string
  access: Access
  /** true for the spec's section 7 contract; false for our additions (aliases, new routes). */
  documented: boolean
  tags: string[]
  query?: z.ZodObject
  params?: z.ZodObject
  body?: z.ZodType
  /** The body is multipart/form-data (the fields of `body`, plus files). */
  multipart?: boolean
  /** The success status and body. */
  status?: number
  response?: z.ZodType
  /** Headers of the success response worth documenting: name → meaning. */
  responseHeaders?: Record<string, string>
  /** Other statuses the route answers with, and when. */
  errors?: Partial<Record<ErrorStatus, string>>
  /**
   * The codes an error status of this route carries, when they are not just the status's own
   * (codeForStatus), e.g. POST /order's 409 is `out_of_stock` or `idempotency_in_progress`.
   */
  errorCodes?: Partial<Record<ErrorStatus, ErrorCode[]>>
  /** An error body richer than `{ message, errors? }` for one status (e.g. the 409 of an order's shortages). */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>
  /** The success body's media type when it is not JSON (an image, an HTML page). */
  mediaType?: string
  /** The route answers 304 Not Modified to a matching If-None-Match. */
  notModified?: boolean
  /** Request headers worth documenting: name → meaning (all optional). */
  requestHeaders?: Record<string, string>
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503

export const errorBodyDescription = '{ message, code, errors? }'

export { LINK_HEADER, TOTAL_COUNT_HEADER }

/**
 * The most items one answer of any list holds. A list asked for without page or limit answers its first
 * page of this size (with the headers above), so no anonymous request can make a service serialise a
 * whole table; clients that expect the documented array still get one.
 */
export const LIST_LIMIT_MAX = 100

/** One page of a list: its number and size, and the rows to skip and take. */
export type Page = { page: number; limit: number; skip: number; take: number }

/**
 * The page a list query asks for: with page or limit, that page (page 1 and `defaultLimit` when one is
 * missing); with neither, the first page of LIST_LIMIT_MAX items.
 */
export function pageOf(query: { page?: number; limit?: number }, defaultLimit: number): Page {
  const unpaged = query.page === undefined && query.limit === undefined
  const limit = Math.min(query.limit ?? (unpaged ? LIST_LIMIT_MAX : defaultLimit), LIST_LIMIT_MAX)
  const page = query.page ?? 1
  return { page, limit, skip: (page - 1) * limit, take: limit }
}

const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}` })
    .int(`${name} must be a whole number from 1 to ${max}`)
    .min(1, `${name} must be a whole number from 1 to ${max}`)
    .max(max, `${name} must be a whole number from 1 to ${max}`)
    .optional()

/** `page` and `limit` of a list that has no other paging rules. */
export const pagingQuery = z.object({
  page: pageNumber('page', 100_000),
  limit: pageNumber('limit', LIST_LIMIT_MAX),
})

/** The response headers every list documents (X-Total-Count and Link). */
export const listHeaders = (what: string): Record<string, string> => ({
  [TOTAL_COUNT_HEADER]: `How many ${what} match (every answer carries it, paged or not).`,
  Link: `Links to the first, previous, next and last pages (rel="first|prev|next|last"). Without page and limit the answer is the first ${LIST_LIMIT_MAX}.`,
})
