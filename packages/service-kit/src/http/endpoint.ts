import type { ApiRoute, Page } from '@medstore/contracts/api'
import { type Request, type RequestHandler, type Response, Router, type RouterOptions } from 'express'
import type { z } from 'zod'
import type { AuthMiddleware } from '../auth/middleware'
import type { AuthUser } from '../auth/verifier'
import { setPageHeaders } from './paging'
import { parseInput } from './validate'

type Parsed<R, K extends 'body' | 'query' | 'params'> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.infer<S>
  : undefined

/** What a route's handler gets: its inputs parsed by the descriptor's schemas, and the caller. */
export type RouteInput<R extends ApiRoute> = {
  body: Parsed<R, 'body'>
  query: Parsed<R, 'query'>
  params: Parsed<R, 'params'>
  /** The signed-in caller; a public route does not look at tokens, so it has none. */
  user: R extends { access: 'public' } ? undefined : AuthUser
  /** For what no schema describes (an uploaded file, a header). */
  req: Request
}

export type RouteHandler<R extends ApiRoute> = (input: RouteInput<R>) => unknown

/** An answer with a status other than the route's, or a page of a list (which adds the paging headers). */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly options: { status?: number; page?: { page: Pick<Page, 'page' | 'limit'>; total: number } },
  ) {}
}

/**
 * Bytes instead of JSON (a file, a CSV export): its media type and headers of its own (e.g.
 * Content-Disposition). For a route whose contract declares a `mediaType`.
 */
export class FileReply {
  constructor(
    readonly data: Uint8Array | string,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** `body` answered with `status` instead of the route's success status. */
export const replyWith = (status: number, body: unknown) => new Reply(body, { status })

/** One page of a list as a use case answers it: the body (`items`), which page, and how many match in all. */
export type ListPage<T = unknown> = { items: T; page: Pick<Page, 'page' | 'limit'>; total: number }

/** One page of a list: its items as the body, plus X-Total-Count and Link. */
export const pageReply = ({ items, page, total }: ListPage) => new Reply(items, { page: { page, total } })

export type MountOptions = {
  /** Work between the access check and input parsing, e.g. reading a multipart form. */
  before?: RequestHandler[]
  /**
   * The handler checks the raw body itself before its schema means anything (a signed webhook: a wrong
   * signature is 401 whatever the body says); `body` is then left undefined.
   */
  rawBody?: true
}

/**
 * A router whose routes are mounted from their contract descriptors: the descriptor's access is applied
 * (before anything reads the body), its query, params and body schemas parse the input, and the handler
 * is one call to a use case whose result is the answer (with the descriptor's status, 200 by default).
 */
export function apiRouter(auth: AuthMiddleware, options: RouterOptions = {}) {
  const router = Router(options)
  return {
    router,
    route<R extends ApiRoute>(route: R, handle: RouteHandler<R>, mount: MountOptions = {}) {
      const guard = route.access === 'public' ? [] : [auth.forAccess(route.access)]
      router[route.method](expressPath(route.path), ...guard, ...(mount.before ?? []), async (req, res) => {
        send(req, res, route, await handle(inputOf(route, req, mount)))
      })
      return this
    },
  }
}

/** `/shop/{id}` → `/shop/:id`. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

function inputOf<R extends ApiRoute>(route: R, req: Request, mount: MountOptions): RouteInput<R> {
  // What names the resource is checked before what is sent to it: path, then query, then body. A body
  // that is not JSON reads as empty, so the answer names the first missing field.
  const params = route.params ? parseInput(route.params, req.params) : undefined
  const query = route.query ? parseInput(route.query, req.query) : undefined
  const body = route.body && !mount.rawBody ? parseInput(route.body, req.body ?? {}) : undefined
  return { params, query, body, user: req.user, req } as RouteInput<R>
}

function send(req: Request, res: Response, route: ApiRoute, result: unknown) {
  if (result instanceof FileReply) {
    res.set(result.headers).type(result.contentType)
    return void res.status(route.status ?? 200).send(Buffer.from(result.data))
  }
  if (!(result instanceof Reply)) return void res.status(route.status ?? 200).json(result)
  const { status, page } = result.options
  if (page) setPageHeaders(req, res, page.page, page.total)
  res.status(status ?? route.status ?? 200).json(result.body)
}
