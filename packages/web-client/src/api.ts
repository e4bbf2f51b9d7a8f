/**
 * The HTTP client every front end uses for the API gateway (spec section 7: one base host, the header
 * `Authorization: bearer {token}`). Unlike the spec's client it has a timeout, turns every failure into
 * an `ApiError` carrying the server's `{ message, errors? }`, and treats a 401 on a signed-in request as
 * an ended session. `createApiClient` is the testable core; `api` in ./client.ts is the page's instance.
 */

export interface FieldError {
  path: string
  message: string
}

/**
 * `refused`: no usable answer, yet the server is up (typically the browser refused the answer because
 * the API does not allow this page's origin by CORS); `network`: the server could not be reached at all.
 */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'refused'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    message: string,
    /** HTTP status; 0 when no response came (timeout or network). */
    readonly status: number,
    readonly kind: ApiErrorKind,
    /** Per-field problems of a 400, as the server lists them. */
    readonly errors: FieldError[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
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
  /** A request that carried a token answered 401: the session is over. */
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

export interface ApiClient {
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<T>
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>
  /**
   * The answer to this GET if the page already has it (index.html read it for the first paint): the
   * page's first render can draw it at once. Undefined otherwise: then `get` it.
   */
  peek<T>(path: string, options?: Pick<RequestOptions, 'query'>): T | undefined
  /** A GET that also returns the response headers (e.g. X-Total-Count of a paged list). */
  getWithHeaders<T>(
    path: string,
    options?: Omit<RequestOptions, 'body'>,
  ): Promise<{ data: T; headers: Headers }>
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.toString()
}

/** The error a non-2xx response stands for: the server's own message when it sent one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown }
  const fieldErrors = Array.isArray(errors)
    ? errors.filter(
        (e): e is FieldError =>
          typeof (e as FieldError)?.path === 'string' && typeof (e as FieldError)?.message === 'string',
      )
    : []
  const text =
    typeof message === 'string' && message.trim()
      ? message
      : response.status >= 500
        ? messages.server
        : `The request failed (${response.status}).`
  return new ApiError(text, response.status, 'http', fieldErrors)
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

  async function send(method: Method, path: string, request: RequestOptions): Promise<Response> {
    const token = options.token()
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
      const early = method === 'GET' ? options.early?.(url, token ?? null) : undefined
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

  async function exchange<T>(
    method: Method,
    path: string,
    request: RequestOptions = {},
  ): Promise<{ data: T; headers: Headers }> {
    const hadToken = Boolean(options.token())
    let error: ApiError
    try {
      const response = await send(method, path, request)
      if (response.ok) {
        if (response.status === 204) return { data: undefined as T, headers: response.headers }
        const text = await response.text()
        return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers }
      }
      error = await errorFromResponse(response)
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught
      error = caught
    }
    // 401 with a token: expired or revoked session. Without one (e.g. a wrong password at sign-in) it
    // is an ordinary failure whose message the user should read.
    if (error.status === 401 && hadToken) {
      const ended = new ApiError(messages.sessionEnded, 401, 'http', [], { cause: error })
      options.onUnauthorized(ended)
      throw ended
    }
    if (!request.quiet) options.onError(error)
    throw error
  }

  async function request<T>(method: Method, path: string, request: RequestOptions = {}): Promise<T> {
    return (await exchange<T>(method, path, request)).data
  }

  function peek<T>(path: string, request: Pick<RequestOptions, 'query'> = {}): T | undefined {
    // Matched on path and query alone: the answer was read from this client's base URL already.
    const url = new URL(buildUrl('http://peek.invalid', path, request.query))
    return options.earlyBody?.(`${url.pathname}${url.search}`, options.token() ?? null) as T | undefined
  }

  return {
    request,
    peek,
    getWithHeaders: (path, options) => exchange('GET', path, options),
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  }
}
