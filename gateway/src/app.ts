import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { API_ROUTES, type ApiRoute } from '@medstore/contracts'
import { openApiDocument } from '@medstore/contracts/openapi'
import { errorHandler, errorJson, expressServer, type Logger, notFoundHandler } from '@medstore/service-kit'
import express, { type RequestHandler } from 'express'
import { accessGuard, refuse } from './access'
import { declaredTooLarge, limitFor } from './body-limit'
import { type GatewayConfig, type Upstream, upstreams } from './config'
import { cors } from './cors'
import { docsRouter } from './docs'
import { assignRequestId, markEdge, setOwnHeaders } from './edge'
import { gatewayHealth } from './health'
import { gatewayRoutes } from './own-routes'
import { type ProxyRequest, serviceProxy, upstreamConnections } from './proxy'
import { authRateLimits } from './rate-limit'
import { sendError } from './respond'
import { familyOf, familyTable, pathOf, routeMatcher } from './routing'

/** What a request is: its service, its documented route (if any) and its rate limit (if any). */
type Target = { path: string; upstream: Upstream; route: ApiRoute | undefined; rateLimit?: RequestHandler }
/** A rate-limited request is handed to the express app with its target, so it is classified once. */
type ClassifiedRequest = IncomingMessage & { target?: Target }

/**
 * The single API host: the documented path families to their services (with the gateway's checks on the
 * way: body size, rate limits on the account endpoints, each route's access rule), plus /health,
 * /openapi.json and /docs. Anything else is a JSON 404.
 *
 * Proxied requests take a plain node path (no express layers: they are most of the traffic and the
 * gateway's cost is added to every one of them); the rate-limited account endpoints, the gateway's own
 * routes and the 404s go through an express app.
 */
export function createGateway(config: GatewayConfig, logger: Logger): Server {
  const services = upstreams(config)
  const families = familyTable(services)
  const connections = upstreamConnections(config.UPSTREAM_CONNECTIONS)
  const proxyOptions = {
    connections,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    maxInFlight: config.UPSTREAM_MAX_IN_FLIGHT,
  }
  const proxies = new Map(services.map((s) => [s.name, serviceProxy(s, proxyOptions, logger)]))
  const matchRoute = routeMatcher(API_ROUTES)
  const rateLimits = authRateLimits(config)
  const decide = accessGuard({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  })
  const limits = { body: config.BODY_LIMIT_BYTES, upload: config.UPLOAD_LIMIT_BYTES }
  const allowCors = cors(config.CORS_ORIGINS)

  const proxyFailed = (res: ServerResponse) => (err?: unknown) => {
    logger.error({ err }, 'proxy failed')
    sendError(res, 502, 'The gateway could not forward the request.')
  }

  /** The route's access rule, then the service. */
  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    upstream: Upstream,
    route: ApiRoute | undefined,
  ) {
    const proxy = proxies.get(upstream.name)!
    if (!route || route.access === 'public') return proxy(req, res)
    decide(route.access, req.headers.authorization).then((refusal) => {
      if (refusal) refuse(res, refusal)
      else proxy(req, res)
    }, proxyFailed(res))
  }

  /** A request's target; none when the path is not in a documented family. */
  function classify(req: IncomingMessage): Target | undefined {
    const path = pathOf(req.url ?? '/')
    const upstream = families.get(familyOf(path))
    if (!upstream) return undefined
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET')
    const route = matchRoute(method, path)
    return { path, upstream, route, rateLimit: route && rateLimits.get(`${method} ${route.path}`) }
  }

  const doc = openApiDocument([...API_ROUTES, ...gatewayRoutes], { serverUrl: config.PUBLIC_API_URL })
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  app.set('trust proxy', config.TRUST_PROXY)
  app.use((_req, res, next) => {
    setOwnHeaders(res)
    next()
  })
  app.use((req, res, next) => {
    const target = (req as ClassifiedRequest).target
    if (!target?.rateLimit) return next()
    target.rateLimit(req, res, (err?: unknown) =>
      err ? next(err) : forward(req, res, target.upstream, target.route),
    )
  })
  app.use(gatewayHealth(services))
  app.use(docsRouter(doc))
  app.use(notFoundHandler)
  app.use(errorHandler(logger))

  // The gateway's own routes are an express app: its server makes requests the way express expects them.
  const server = expressServer(app, (req, res) => {
    assignRequestId(req)
    markEdge(req, config.NODE_ENV === 'production')
    if (allowCors(req, res)) return
    const target = classify(req)
    if (!target) return app(req, res)
    const limit = limitFor(req, target.path, limits)
    if (declaredTooLarge(req, res, limit)) return
    ;(req as ProxyRequest).bodyLimit = limit
    if (target.rateLimit) {
      ;(req as ClassifiedRequest).target = target
      return app(req, res)
    }
    forward(req, res, target.upstream, target.route)
  })
  server.on('clientError', answerClientError)
  // The server closes once every answer is sent (a graceful stop, a test's teardown): the upstream
  // connections go with it, so no caller has to know about them.
  server.once('close', () => void connections.destroy())
  return server
}

/**
 * A request node cannot parse (a request line or headers over its limit, broken HTTP) would get a bare
 * status line from node; it gets the API's error shape instead, so every refusal reads the same.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') return void socket.destroy()
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW'
  const body = JSON.stringify(
    tooLarge
      ? errorJson('The address or headers of the request are too large', 'too_large')
      : errorJson('Malformed HTTP request', 'malformed_request'),
  )
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `x-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
  )
}
