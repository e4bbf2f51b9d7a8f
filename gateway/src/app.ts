import { API_ROUTES } from '@medstore/contracts'
import { openApiDocument } from '@medstore/contracts/openapi'
import { errorHandler, type Logger, notFoundHandler } from '@medstore/service-kit'
import express, { type Express, type RequestHandler } from 'express'
import { accessGuard, refuse } from './access'
import { declaredTooLarge, limitFor } from './body-limit'
import { type GatewayConfig, upstreams } from './config'
import { cors } from './cors'
import { docsRouter } from './docs'
import { edge } from './edge'
import { gatewayHealth } from './health'
import { gatewayRoutes } from './own-routes'
import { type ProxyRequest, serviceProxy } from './proxy'
import { authRateLimits } from './rate-limit'
import { familyOf, familyTable, pathOf, routeMatcher } from './routing'

/**
 * The single API host: the documented path families to their services (with the gateway's checks on the
 * way: body size, rate limits on the account endpoints, each route's access rule), plus /health,
 * /openapi.json and /docs. Anything else is a JSON 404.
 */
export function createGateway(config: GatewayConfig, logger: Logger): Express {
  const services = upstreams(config)
  const families = familyTable(services)
  const proxies = new Map(services.map((s) => [s.name, serviceProxy(s, config.UPSTREAM_TIMEOUT_MS, logger)]))
  const matchRoute = routeMatcher(API_ROUTES)
  const rateLimits = authRateLimits(config)
  const decide = accessGuard({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  })
  const limits = { body: config.BODY_LIMIT_BYTES, upload: config.UPLOAD_LIMIT_BYTES }

  // The hot path: one middleware that picks the service and applies the checks, without extra router layers.
  const dispatch: RequestHandler = (req, res, next) => {
    const path = pathOf(req.url)
    const upstream = families.get(familyOf(path))
    if (!upstream) return next()
    const proxy = proxies.get(upstream.name)!
    const limit = limitFor(req, path, limits)
    if (declaredTooLarge(req, res, limit)) return
    ;(req as ProxyRequest).bodyLimit = limit
    const method = req.method === 'HEAD' ? 'GET' : req.method
    const route = matchRoute(method, path)
    const forward = () => {
      if (!route || route.access === 'public') return proxy(req, res, next)
      decide(route.access, req.headers.authorization).then((refusal) => {
        if (refusal) refuse(res, refusal)
        else proxy(req, res, next)
      }, next)
    }
    const rateLimit = route && rateLimits.get(`${method} ${route.path}`)
    if (rateLimit) rateLimit(req, res, (err?: unknown) => (err ? next(err) : forward()))
    else forward()
  }

  const doc = openApiDocument([...API_ROUTES, ...gatewayRoutes], { serverUrl: config.PUBLIC_API_URL })
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  app.set('trust proxy', config.TRUST_PROXY)
  app.use(edge)
  app.use(cors(config.CORS_ORIGINS))
  app.use(dispatch)
  app.use(gatewayHealth(services))
  app.use(docsRouter(doc))
  app.use(notFoundHandler)
  app.use(errorHandler(logger))
  return app
}
