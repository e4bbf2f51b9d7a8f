import type { Endpoint, RequestParts, ResponseOf, RouteOf } from '@medstore/contracts/endpoints'

/**
 * The HTTP client every front end uses for the API gateway (spec section 7: one base host, the header
 * `Authorization: bearer {token}`). Unlike the spec's client it has a timeout, turns every failure into
 * an `ApiError` carrying the server's `{ message, errors? }`, renews an expired access token once (before
 * sending, or after a 401) and treats a 401 it cannot renew as an ended session. `createApiClient` is the testable core; `api` in ./client.ts is the page's instance.
 */

/** A field's problem as the server lists it: the English sentence, and its code and values when it names one. */
export interface FieldError {
  path: string
  message: string
  code?: string
  values?: Record<string, number | string>
}

/**
 * `refused`: no usable answer, yet the server is up (typically the browser refused the answer because
 * the API does not allow this page's origin by CORS); `network`: the server could not be reached at all.
 */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'refused'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** The server's machine-readable `code` (e.g. `idempotency_in_progress`): branch on it, never on the message. */
  readonly code: string | undefined
  constructor(
    message: string,
    /** HTTP status; 0 when no response came (timeout or network). */
    readonly status: number,
    readonly kind: ApiErrorKind,
    /** Per-field problems of a 400, as the server lists them. */
    readonly errors: FieldError[] = [],
    options?: { cause?: unknown; code?: string },
  ) {
    super(message, options)
    this.code = options?.code
  }
}

/**
 * A failure's text with its code, for a toast or a banner to show in the reader's language: the error
 * body's code, or the kind of failure when no answer came (`network`, `timeout`, `refused`).
 */
export function failureText(error: unknown): { message: string; code?: string } {
  if (!(error instanceof Error)) return { message: messages.server, code: 'internal' }
  if (!(error instanceof ApiError)) return { message: error.message }
  const code = error.code ?? (error.kind === 'http' ? undefined : error.kind)
  return code ? { message: error.message, code } : { message: error.message }
}

export const DEFAULT_TIMEOUT_MS = 15_000

export const messages = {
  timeout: 'The server took too long to answer. Please try again.',
  network: 'We could not reach the server. Please check your connection and try again.',
  refused:
    'The server is up but refused this request from this address. Please open the shop at its usual address, or try again later.',
  server: 'Something went wrong on our side. Please try again in a moment.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const

export interface RequestOptions {
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>
  /** JSON-serialised, or sent as is when it is FormData (multipart uploads). */
  body?: unknown
  signal?: AbortSignal
  timeoutMs?: number
  /** Do not show the error toast (the caller shows the problem itself). A 401 is still handled. */
  quiet?: boolean
  /** Extra request headers (e.g. Idempotency-Key); they cannot replace authorization or content-type. */
  headers?: Record<string, string>
}

export interface ApiClientOptions {
  /** Base URL of the gateway (may be async: it comes from the runtime config). */
  baseUrl: () => string | Promise<string>
  /** The bearer token of the signed-in user, if any. */
  token: () => string | null | undefined
  /**
   * Renews a stale access token with the session's refresh token: the new access token, or null when the
   * session has ended (signed out, revoked, expired). Throws when it could not be asked (e.g. network).
   * Called at most once per call: before sending when `tokenExpired` says so, else after a 401.
   * Without it a 401 ends the session at once.
   */
  renewToken?: (stale: string) => Promise<string | null>
  /** Whether an access token is past (or about to pass) its expiry, so it is renewed before sending. */
  tokenExpired?: (token: string) => boolean
  /** A request that carried a token answered 401 and could not be renewed: the session is over. */
  onUnauthorized: (error: ApiError) => void
  /** Any other failure, unless the request was `quiet` (the page shows it as an error toast). */
  onError: (error: ApiError) => void
  timeoutMs?: number
  fetch?: typeof fetch
  /**
   * The answer to a GET someone already started (the shell's index.html, ./early.ts), by URL and token;
   * undefined: fetch it. A failed early answer is fetched again.
   */
  early?: (url: string, token: string | null) => Promise<Response> | undefined
  /**
   * The parsed body of a GET index.html already read, by path with query (`/product?page=1`) and token;
   * undefined: not in (./early.ts).
   */
  earlyBody?: (path: string, token: string | null) => unknown
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * What a call may say besides the parts its route declares (./call.ts types those: body, query, path
 * parameters, headers).
 */
export type CallOptions<E extends Endpoint> = RequestParts<RouteOf<E>> &
  Pick<RequestOptions, 'signal' | 'timeoutMs' | 'quiet'>

/** The options argument: required when the route requires a body, a query or path parameters. */
export type CallArgs<E extends Endpoint> =
  Partial<CallOptions<E>> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]

export interface ApiClient {
  /** Calls a route of the contracts (`api.call(orderApi.place, { body, headers })`): its answer, typed. */
  call<E extends Endpoint>(endpoint: E, ...options: CallArgs<E>): Promise<ResponseOf<E>>
  /** The same, with the response headers (e.g. X-Total-Count of a paged list). */
  callWithHeaders<E extends Endpoint>(
    endpoint: E,
    ...options: CallArgs<E>
  ): Promise<{ data: ResponseOf<E>; headers: Headers }>
  /**
   * A route that answers a file (a prescription's page, a CSV export): its bytes as a Blob with the
   * answer's content type, for an object URL or a download. Failures as for `call` (the server's coded
   * error body is JSON even where success is a file).
   */
  blob<E extends Endpoint>(endpoint: E, ...options: CallArgs<E>): Promise<Blob>
  /**
   * The same bytes as a File named as the answer's Content-Disposition names it (a tax invoice's
   * `MS-2026-27-000123.pdf`), for a download; named `fallbackName` when the answer names none.
   */
  file<E extends Endpoint>(endpoint: E, fallbackName: string, ...options: CallArgs<E>): Promise<File>
  /**
   * The answer to this GET if the page already has it (index.html read it for the first paint): the
   * page's first render can draw it at once. Undefined otherwise: then `call` it.
   */
  peek<E extends Endpoint>(
    endpoint: E,
    options?: Pick<CallOptions<E>, 'query' | 'params'>,
  ): ResponseOf<E> | undefined
}

/**
 * The file name a Content-Disposition header gives (RFC 6266: `filename*=UTF-8''…` before `filename="…"`),
 * reduced to its last path segment; undefined when it gives none.
 */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1]
  let name: string | undefined
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim())
    } catch {
      name = undefined
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i
    .exec(header)
    ?.slice(1)
    .find((part) => part !== undefined)
  const base = name?.replace(/\\(.)/g, '$1').split(/[\\/]/).pop()?.trim()
  return base || undefined
}

/** The path of a call: `/shop/{id}` with `{ id }` filled in, URL-encoded. */
export function fillPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new TypeError(`${template} needs the path parameter ${name}`)
    return encodeURIComponent(value)
  })
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.toString()
}

/** One entry of a 400's `errors`, kept only when it has the shape the API documents. */
function fieldError(entry: unknown): FieldError[] {
  const { path, message, code, values } = (entry ?? {}) as Record<string, unknown>
  if (typeof path !== 'string' || typeof message !== 'string') return []
  const known = typeof code === 'string' ? { code } : {}
  const valued = values && typeof values === 'object' ? { values: values as FieldError['values'] } : {}
  return [{ path, message, ...known, ...valued }]
}

/** The error a non-2xx response stands for: the server's own message when it sent one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const { message, errors, code } = (body ?? {}) as { message?: unknown; errors?: unknown; code?: unknown }
  const fieldErrors = Array.isArray(errors) ? errors.flatMap(fieldError) : []
  const text =
    typeof message === 'string' && message.trim()
      ? message
      : response.status >= 500
        ? messages.server
        : `The request failed (${response.status}).`
  return new ApiError(text, response.status, 'http', fieldErrors, {
    code: typeof code === 'string' ? code : undefined,
  })
}

/** Rejects when `signal` aborts: an early answer is awaited no longer than the request would be. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

/** How long the reachability probe after a failed request may take. */
const PROBE_TIMEOUT_MS = 3_000

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  /**
   * A fetch that fails without a response looks the same to script whether the server is down or the
   * browser refused its answer (CORS). An opaque `no-cors` request to the gateway's health path tells
   * them apart: it succeeds whenever the server answers at all, whatever the CORS rules.
   */
  async function serverAnswers(base: string): Promise<boolean> {
    try {
      await doFetch(buildUrl(base, '/health', undefined), {
        method: 'GET',
        mode: 'no-cors',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      })
      return true
    } catch {
      return false
    }
  }

  async function send(
    method: Method,
    path: string,
    request: RequestOptions,
    token: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
    if (token) headers.authorization = `bearer ${token}`
    let body: BodyInit | undefined
    if (request.body instanceof FormData) body = request.body
    else if (request.body !== undefined) {
      body = JSON.stringify(request.body)
      headers['content-type'] = 'application/json'
    }

    const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
    let base: string | undefined
    try {
      base = await options.baseUrl()
      const url = buildUrl(base, path, request.query)
      const early = method === 'GET' ? options.early?.(url, token) : undefined
      if (early) {
        const response = await Promise.race([early, abortion(signal)]).catch(() => undefined)
        if (response) return response
      }
      return await doFetch(url, { method, headers, body, signal })
    } catch (error) {
      if (request.signal?.aborted) throw error // the caller cancelled: not a failure to report
      const kind: ApiErrorKind = timeout.aborted
        ? 'timeout'
        : base !== undefined && (await serverAnswers(base))
          ? 'refused'
          : 'network'
      throw new ApiError(messages[kind], 0, kind, [], { cause: error })
    }
  }

  /** A successful answer's body: parsed JSON (undefined when empty), or the bytes as they came. */
  type Reading = 'json' | 'blob'
  async function bodyOf(response: Response, reading: Reading): Promise<unknown> {
    if (reading === 'blob') return response.blob()
    if (response.status === 204) return undefined
    const text = await response.text()
    return text ? JSON.parse(text) : undefined
  }

  /** One request with this token: the answer, or the failure it stands for (not yet reported). */
  async function attempt<T>(
    method: Method,
    path: string,
    request: RequestOptions,
    token: string | null,
    reading: Reading,
  ): Promise<{ data: T; headers: Headers } | ApiError> {
    try {
      const response = await send(method, path, request, token)
      if (response.ok) return { data: (await bodyOf(response, reading)) as T, headers: response.headers }
      return await errorFromResponse(response)
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught
      return caught
    }
  }

  async function exchange<T>(
    method: Method,
    path: string,
    request: RequestOptions = {},
    reading: Reading = 'json',
  ): Promise<{ data: T; headers: Headers }> {
    const report = (error: ApiError): ApiError => {
      if (!request.quiet) options.onError(error)
      return error
    }
    const sessionEnded = (cause?: ApiError): ApiError => {
      const ended = new ApiError(messages.sessionEnded, 401, 'http', [], { cause })
      options.onUnauthorized(ended)
      return ended
    }
    let renewed = false
    /** The renewed token; throws (reported) when the session has ended or renewal could not be asked. */
    const renew = async (stale: string, cause?: ApiError): Promise<string> => {
      renewed = true
      let next: string | null | undefined
      try {
        next = await options.renewToken?.(stale)
      } catch (caught) {
        throw report(
          caught instanceof ApiError
            ? caught
            : new ApiError(messages.network, 0, 'network', [], { cause: caught }),
        )
      }
      if (!next) throw sessionEnded(cause)
      return next
    }

    let token = options.token() || null
    if (token && options.renewToken && options.tokenExpired?.(token)) token = await renew(token)
    for (;;) {
      const outcome = await attempt<T>(method, path, request, token, reading)
      if (!(outcome instanceof ApiError)) return outcome
      // 401 with a token: expired or revoked. Renewed once, the call is sent again (nothing happened the
      // first time: the server refused it before doing anything). Without a token (e.g. a wrong password
      // at sign-in) it is an ordinary failure whose message the user should read.
      if (outcome.status === 401 && token) {
        if (options.renewToken && !renewed) {
          token = await renew(token, outcome)
          continue
        }
        throw sessionEnded(outcome)
      }
      throw report(outcome)
    }
  }

  /** The untyped parts of a typed call (the compiler checked them against the route already). */
  type Parts = RequestOptions & { params?: Record<string, string> }

  function callWithHeaders<T>(endpoint: Endpoint, parts: Parts = {}, reading: Reading = 'json') {
    const { params, ...request } = parts
    const method = endpoint.method.toUpperCase() as Method
    // A file route answers its own type; its failures are still JSON.
    if (reading === 'blob') request.headers = { accept: '*/*', ...request.headers }
    return exchange<T>(method, fillPath(endpoint.path, params), request, reading)
  }

  function peek(endpoint: Endpoint, parts: Parts = {}): unknown {
    // Matched on path and query alone: the answer was read from this client's base URL already.
    const path = fillPath(endpoint.path, parts.params)
    const url = new URL(buildUrl('http://peek.invalid', path, parts.query))
    return options.earlyBody?.(`${url.pathname}${url.search}`, options.token() ?? null)
  }

  // The signatures of ApiClient type each call; inside, a call is a method, a path and request options.
  return {
    call: async (endpoint, ...[parts]) => (await callWithHeaders(endpoint, parts as Parts)).data,
    callWithHeaders: (endpoint, ...[parts]) => callWithHeaders(endpoint, parts as Parts),
    blob: async (endpoint, ...[parts]) =>
      (await callWithHeaders<Blob>(endpoint, parts as Parts, 'blob')).data,
    file: async (endpoint, fallbackName, ...[parts]) => {
      const { data, headers } = await callWithHeaders<Blob>(endpoint, parts as Parts, 'blob')
      const name = fileNameOf(headers.get('content-disposition')) ?? fallbackName
      return new File([data], name, { type: data.type })
    },
    peek: (endpoint, parts) => peek(endpoint, parts as Parts) as never,
  } as ApiClient
}
