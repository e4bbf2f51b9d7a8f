import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import { type Logger, keepAliveAgent as serviceAgent } from '@medstore/service-kit'
import { createProxyMiddleware, proxyEventsPlugin, type RequestHandler } from 'http-proxy-middleware'
import { countStreamedBody, refusedAsTooLarge } from './body-limit'
import type { Upstream } from './config'
import { mergeOwnHeaders } from './edge'
import { sendError } from './respond'

/**
 * One pool of upstream connections for all services (plain HTTP inside the cluster). Reusing connections
 * is most of the gateway's throughput (a new TCP connection per request roughly halves it); the socket cap
 * is generous so that a burst queues in the services rather than here. The kit's agent retires idle
 * connections before a service closes them (see keepAliveAgent).
 */
export const keepAliveAgent = serviceAgent('http:', {
  maxSockets: 512,
  maxFreeSockets: 256,
  keepAliveMsecs: 10_000,
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
