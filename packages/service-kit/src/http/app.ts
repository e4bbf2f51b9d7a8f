import express, { type Express, type Router } from 'express'
import { healthRouter, type ReadinessCheck } from '../health'
import type { Logger } from '../logger'
import { accessLog } from './access-log'
import { errorHandler, notFoundHandler } from './errors'
import { internalHeaders } from './internal-headers'
import { noStoreWhenSignedIn } from './no-store'
import { requestId } from './request-id'
import { rejectUnsafeText } from './unsafe-text'

export type AppOptions = {
  logger: Logger
  routes: Router[]
  readiness?: ReadinessCheck[]
  isShuttingDown?: () => boolean
  jsonLimit?: string
  /** Express 'trust proxy': which hops may set X-Forwarded-For (the gateway's address). */
  trustProxy?: string
}

/**
 * The express app every service serves: nosniff (the edge's security headers are the gateway's), request
 * ids, access log, no-store on signed-in answers, JSON bodies up to 1 MB, the text rule on bodies and
 * queries, health endpoints, the service's routes, then JSON 404s and the error shape.
 */
export function createApp({
  logger,
  routes,
  readiness = [],
  isShuttingDown = () => false,
  jsonLimit = '1mb',
  trustProxy = 'loopback',
}: AppOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', trustProxy)
  app.use(internalHeaders)
  app.use(requestId)
  app.use(accessLog(logger))
  app.use(noStoreWhenSignedIn)
  app.use(healthRouter(readiness, isShuttingDown))
  // The raw bytes stay on req.rawBody: webhook signatures are computed over them, not over re-serialised JSON.
  app.use(
    express.json({
      limit: jsonLimit,
      verify: (req, _res, buf) => {
        ;(req as express.Request).rawBody = buf
      },
    }),
  )
  app.use(rejectUnsafeText)
  for (const router of routes) app.use(router)
  app.use(notFoundHandler)
  app.use(errorHandler(logger))
  return app
}
