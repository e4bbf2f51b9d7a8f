import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { Logger } from '@medstore/service-kit'
import { createProxyMiddleware, proxyEventsPlugin, type RequestHandler } from 'http-proxy-middleware'
import { countStreamedBody, refusedAsTooLarge } from './body-limit'
import type { Upstream } from './config'
import { mergeOwnHeaders } from './edge'
import { sendError } from './respond'

/**
 * One pool of upstream connections for all services. Reusing connections is most of the gateway's
 * throughput (a new TCP connection per request roughly halves it); the socket cap is generous so that a
 * burst queues in the services rather than here.
 *
 * `timeout` retires idle connections. It matters beyond its own value: Node's agent honours a service's
 * `Keep-Alive: timeout=N` (retiring the connection a second before the service closes it) only when
 * the agent has a timeout of its own. Without one, a request sent just as the service closed an idle
 * connection died with "socket hang up" (a 503 for the customer), often on a busy machine.
 */
export const keepAliveAgent = new http.Agent({
  keepAlive: true,
  maxSockets: 512,
  maxFreeSockets: 256,
  keepAliveMsecs: 10_000,
  timeout: 30_000,
  scheduling: 'lifo',
})

const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])
const UPSTREAM_TIMEOUT = 'UPSTREAM_TIMEOUT'

/** What the proxy needs to know about a request, set by the gateway's dispatcher before proxying. */
export type ProxyRequest = IncomingMessage & { bodyLimit?: number }

/**
 * Forwards a request to one service untouched: no body parsing, the body streams through. The dispatcher
 * has already chosen the service, so there is no path filter here. Failures become JSON: 503 naming the
 * service when it cannot be reached, 504 when it does not answer in time, 502 for anything else.
 */
export function serviceProxy(upstream: Upstream, timeoutMs: number, logger: Logger): RequestHandler {
  const unavailable = `The ${upstream.name} service is unavailable right now. Please try again shortly.`
  const tooSlow = `The ${upstream.name} service took too long to answer. Please try again.`
  const invalid = `The ${upstream.name} service gave an invalid answer.`
  return createProxyMiddleware<ProxyRequest, ServerResponse>({
    target: upstream.url,
    agent: keepAliveAgent,
    xfwd: true,
    // Only the event wiring: the default plugins build a log line (a URL object) for every response and add
    // listeners per request, a cost on every call through the gateway; failures are logged below instead.
    ejectPlugins: true,
    plugins: [proxyEventsPlugin],
    on: {
      proxyReq: (proxyReq, req, res) => {
        proxyReq.setTimeout(timeoutMs, () => {
          proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: UPSTREAM_TIMEOUT }))
        })
        if (req.bodyLimit !== undefined) countStreamedBody(req, res, proxyReq, req.bodyLimit)
      },
      proxyRes: (proxyRes, req, res) => {
        // The gateway's header policy wins over each service's helmet defaults (CORP same-origin would stop
        // the shop from showing product images served from this host), except a service's own CSP: it knows
        // its page (the payment page) best.
        mergeOwnHeaders(proxyRes.headers, req)
        // A client that goes away mid-answer: stop reading the service's answer too, so the upstream
        // connection is not held by a paused stream.
        res.once('close', () => {
          if (!res.writableEnded) proxyRes.destroy()
        })
      },
      error: (err, req, res) => {
        if (refusedAsTooLarge(req)) return
        const code = (err as NodeJS.ErrnoException).code ?? ''
        const [status, message] =
          code === UPSTREAM_TIMEOUT
            ? [504, tooSlow]
            : UNAVAILABLE.has(code)
              ? [503, unavailable]
              : [502, invalid]
        logger.warn({ upstream: upstream.name, code, status, url: req.url }, 'upstream failed')
        if (!(res instanceof http.ServerResponse)) {
          res.destroy()
          return
        }
        sendError(res, status, message)
      },
    },
  })
}
