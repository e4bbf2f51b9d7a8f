import type { IncomingMessage, ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import type { Logger } from '@medstore/service-kit'
import { serviceConnections } from '@medstore/service-kit/service-connections'
import type { Dispatcher } from 'undici'
import { countStreamedBody, refusedAsTooLarge } from './body-limit'
import type { Upstream } from './config'
import { answerHeaders } from './edge'
import { upstreamHeaders } from './forwarded'
import { inFlightLimit, type Release, refusalReporter } from './in-flight'
import { sendError } from './respond'

/**
 * One pool of upstream connections per service (plain HTTP inside the cluster), through undici's
 * dispatcher: it parses the service's answer and hands over its raw headers and body chunks without
 * building request/response objects, which halves what node's http client and http-proxy cost per proxied
 * request (issue 16: 0.27 → 0.13 ms CPU). Reusing connections is most of the gateway's throughput, but
 * `perService` is kept modest and a burst waits in the pool: on two cores more than a few dozen concurrent
 * requests per service only add sockets and memory on both sides, not answers.
 */
export function upstreamConnections(perService: number): Dispatcher {
  return serviceConnections({ connections: perService })
}

const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_SOCKET', // the service closed the connection mid-request (it stopped or crashed)
  'UND_ERR_CONNECT_TIMEOUT',
])
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

/** What the proxy needs to know about a request, set by the gateway's dispatcher before proxying. */
export type ProxyRequest = IncomingMessage & { bodyLimit?: number }
export type Proxy = (req: ProxyRequest, res: ServerResponse) => void
export type ProxyOptions = {
  connections: Dispatcher
  timeoutMs: number
  /** Requests forwarded to the service and not yet finished; one more is answered 503 at once. */
  maxInFlight: number
}

const BUSY_REPORT_INTERVAL_MS = 1_000

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')

/** What every exchange with one service shares: its pool, its limits and its failure answers. */
type Service = {
  origin: string
  connections: Dispatcher
  timeoutMs: number
  failed: (req: IncomingMessage, res: ServerResponse, err: Error) => void
}

const EXCHANGE = Symbol('the upstream exchange of this answer')
type ProxiedResponse = ServerResponse & { [EXCHANGE]?: Exchange }

/**
 * One request's exchange with its service, as undici's handler. A class rather than an object of closures
 * made per request: its methods are shared, and the client's 'close' listener is one function for all
 * (it finds its exchange on the response), which is part of the gateway's own cost on every proxied request.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private abortUpstream: ((err: Error) => void) | undefined = undefined
  private clientGone: Error | undefined = undefined
  private resumeReading: (() => void) | undefined = undefined
  /** Bytes of the answer's body still to come when the service said how many (-1: it did not). */
  private remaining = -1

  constructor(
    private readonly service: Service,
    private readonly req: ProxyRequest,
    private readonly res: ServerResponse,
    readonly release: Release,
  ) {}

  /** The client went away: its slot goes back at once, and its upstream request is stopped. */
  clientClosed(): void {
    if (this.res.writableEnded) return
    this.release()
    this.clientGone = new Error('the client went away')
    this.abortUpstream?.(this.clientGone)
  }

  onConnect(abort: (err?: Error) => void): void {
    if (this.clientGone) abort(this.clientGone)
    else this.abortUpstream = abort
  }

  onHeaders(status: number, raw: Buffer[], resume: () => void, statusText: string): boolean {
    const answer = answerHeaders(raw, this.req)
    this.res.writeHead(status, statusText, answer.headers)
    this.remaining = answer.length
    this.resumeReading = resume
    return true
  }

  onData(chunk: Buffer): boolean {
    // The last bytes of an answer of known length end it in the same call: node sends the head and the
    // body in one write, without a separate end.
    if (this.remaining === chunk.length) {
      this.remaining = 0
      this.res.end(chunk)
      return true
    }
    if (this.remaining > 0) this.remaining -= chunk.length
    // A slow client: undici stops reading the service's answer until the client has taken this chunk.
    if (this.res.write(chunk)) return true
    this.res.once('drain', this.resumeReading!)
    return false
  }

  onComplete(): void {
    this.release()
    if (!this.res.writableEnded) this.res.end()
  }

  onError(err: Error): void {
    this.release()
    this.service.failed(this.req, this.res, err)
  }
}

function clientClosed(this: ProxiedResponse): void {
  this[EXCHANGE]?.clientClosed()
}

/**
 * Forwards a request to one service untouched: no body parsing, the body streams through. The dispatcher
 * has already chosen the service, so there is no path filter here. Failures become JSON: 503 naming the
 * service when it cannot be reached or already has `maxInFlight` requests, 504 when it does not answer in
 * time, 502 for anything else.
 */
export function serviceProxy(upstream: Upstream, options: ProxyOptions, logger: Logger): Proxy {
  const unavailable = `The ${upstream.name} service is unavailable right now. Please try again shortly.`
  const busy = `The ${upstream.name} service is busy right now. Please try again shortly.`
  const tooSlow = `The ${upstream.name} service took too long to answer. Please try again.`
  const invalid = `The ${upstream.name} service gave an invalid answer.`
  const inFlight = inFlightLimit(options.maxInFlight)
  const reportBusy = refusalReporter(BUSY_REPORT_INTERVAL_MS, (refused) =>
    logger.warn(
      { upstream: upstream.name, maxInFlight: options.maxInFlight, refused },
      'upstream busy: requests refused',
    ),
  )
  const service: Service = {
    origin: new URL(upstream.url).origin,
    connections: options.connections,
    timeoutMs: options.timeoutMs,
    failed(req, res, err) {
      // Already answered: the body was over the limit (413), or the client went away.
      if (refusedAsTooLarge(req) || res.destroyed) return
      const code = (err as NodeJS.ErrnoException).code ?? ''
      const [status, message] = TIMED_OUT.has(code)
        ? [504, tooSlow]
        : UNAVAILABLE.has(code)
          ? [503, unavailable]
          : [502, invalid]
      logger.warn({ upstream: upstream.name, code, status, url: req.url }, 'upstream failed')
      sendError(res, status, message)
    },
  }

  return (req, res) => {
    // The client went away while the gateway checked its token: nothing to forward.
    if (res.destroyed) return
    const release = inFlight.take()
    if (!release) {
      reportBusy()
      return sendError(res, 503, busy, { headers: { 'retry-after': '1' } })
    }
    // A body goes through a stream of its own, so that abandoning the upstream request (a body over the
    // limit, a failed service) does not destroy the client's request, which still gets its answer.
    let body: PassThrough | null = null
    if (hasBody(req)) {
      body = req.pipe(new PassThrough())
      if (req.bodyLimit !== undefined) countStreamedBody(req, res, body, req.bodyLimit)
    }
    // undici ends every dispatch with onComplete or onError (an abort included): the slot goes back at the
    // first of those and the client going away, once (a release is idempotent). A client that goes away
    // has its upstream request stopped: mid-answer so a paused answer does not hold the connection, still
    // waiting for a connection so it is never sent.
    const exchange = new Exchange(service, req, res, release)
    ;(res as ProxiedResponse)[EXCHANGE] = exchange
    res.on('close', clientClosed)
    service.connections.dispatch(
      {
        origin: service.origin,
        path: req.url ?? '/',
        method: req.method as Dispatcher.HttpMethod,
        headers: upstreamHeaders(req),
        body,
        headersTimeout: service.timeoutMs,
        bodyTimeout: service.timeoutMs,
      },
      exchange,
    )
  }
}
