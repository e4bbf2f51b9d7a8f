import type { z } from 'zod'

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
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503, string>>
}

export const errorBodyDescription = '{ message, errors? }'

/** Paged list answers carry the number of matching items in this header (the gateway exposes it to browsers). */
export const TOTAL_COUNT_HEADER = 'x-total-count'

/** Rows to skip and take for one page of a list. */
export type Page = { skip: number; take: number }

/**
 * The page a list query asks for: with page or limit, that page (page 1 and `defaultLimit` when one is
 * missing); with neither, undefined: the whole list, as the documented clients expect.
 */
export function pageOf(query: { page?: number; limit?: number }, defaultLimit: number): Page | undefined {
  if (query.page === undefined && query.limit === undefined) return undefined
  const take = query.limit ?? defaultLimit
  return { skip: ((query.page ?? 1) - 1) * take, take }
}
