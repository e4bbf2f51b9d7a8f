import http from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import { createProxyMiddleware } from 'http-proxy-middleware'
import type { Upstream } from './config'

// Reusing upstream connections is most of the gateway's throughput (a new TCP connection per request
// roughly halves it).
const keepAliveAgent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 })

const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])

/** Forwards a service's path families untouched (no body parsing here), with its request id. */
export function serviceProxy(upstream: Upstream, timeoutMs: number): RequestHandler {
  return createProxyMiddleware<Request, Response>({
    target: upstream.url,
    pathFilter: [...upstream.paths],
    agent: keepAliveAgent,
    xfwd: true,
    on: {
      proxyReq: (proxyReq, req) => {
        const id = req.res?.getHeader('x-request-id')
        if (typeof id === 'string') proxyReq.setHeader('x-request-id', id)
        proxyReq.setTimeout(timeoutMs, () => {
          proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: 'UPSTREAM_TIMEOUT' }))
        })
      },
      error: (err, _req, res) => {
        const code = (err as NodeJS.ErrnoException).code ?? ''
        const [status, message] =
          code === 'UPSTREAM_TIMEOUT'
            ? [504, `The ${upstream.name} service took too long to answer. Please try again.`]
            : UNAVAILABLE.has(code)
              ? [503, `The ${upstream.name} service is unavailable right now. Please try again shortly.`]
              : [502, `The ${upstream.name} service gave an invalid answer.`]
        if (!(res instanceof http.ServerResponse)) return res.destroy()
        if (res.headersSent) return res.destroy()
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ message }))
      },
    },
  })
}
