import type { IncomingMessage, ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import type { Logger } from '@medstore/service-kit'
import { serviceConnections } from '@medstore/service-kit/service-connections'
import type { Dispatcher } from 'undici'
import { countStreamedBody, refusedAsTooLarge } from './body-limit'
import type { Upstream } from './config'
import { answerHeaders } from './edge'
import { upstreamHeaders } from './forwarded'
import { inFlightLimit, refusalReporter } from './in-flight'
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
  const origin = new URL(upstream.url).origin
  const inFlight = inFlightLimit(options.maxInFlight)
  const reportBusy = refusalReporter(BUSY_REPORT_INTERVAL_MS, (refused) =>
    logger.warn(
      { upstream: upstream.name, maxInFlight: options.maxInFlight, refused },
      'upstream busy: requests refused',
    ),
  )

  const failed = (req: IncomingMessage, res: ServerResponse, err: Error) => {
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
    // A client that goes away gives its slot back at once, and its upstream request is stopped: mid-answer
    // so a paused answer does not hold the connection, still waiting for a connection so it is never sent.
    let abortUpstream: ((err: Error) => void) | undefined
    let clientGone: Error | undefined
    res.once('close', () => {
      if (res.writableEnded) return
      release()
      clientGone = new Error('the client went away')
      abortUpstream?.(clientGone)
    })
    let resume = () => {}
    // undici ends every dispatch with onComplete or onError (an abort included): the slot goes back at the
    // first of those and the client going away, once (a release is idempotent).
    const handler: Dispatcher.DispatchHandler = {
      onConnect(abort) {
        if (clientGone) abort(clientGone)
        else abortUpstream = abort
      },
      onHeaders(status, raw, resumeReading, statusText) {
        res.writeHead(status, statusText, answerHeaders(raw as Buffer[], req))
        resume = resumeReading
        return true
      },
      onData(chunk) {
        // A slow client: undici stops reading the service's answer until the client has taken this chunk.
        if (res.write(chunk)) return true
        res.once('drain', resume)
        return false
      },
      onComplete() {
        release()
        res.end()
      },
      onError(err) {
        release()
        failed(req, res, err)
      },
    }
    options.connections.dispatch(
      {
        origin,
        path: req.url ?? '/',
        method: req.method as Dispatcher.HttpMethod,
        headers: upstreamHeaders(req),
        body,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      },
      handler,
    )
  }
}
