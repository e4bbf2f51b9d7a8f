import { errorHandler, type Logger, notFoundHandler, requestId } from '@medstore/service-kit'
import express, { type Express } from 'express'
import helmet from 'helmet'
import { type GatewayConfig, upstreams } from './config'
import { cors } from './cors'
import { gatewayHealth } from './health'
import { serviceProxy } from './proxy'

/** The single API host: the documented path families to their services, health, and JSON 404s. */
export function createGateway(config: GatewayConfig, logger: Logger): Express {
  const services = upstreams(config)
  const app = express()
  app.disable('x-powered-by')
  app.use(helmet())
  app.use(requestId)
  app.use(cors(config.CORS_ORIGINS))
  app.use(gatewayHealth(services))
  for (const service of services) app.use(serviceProxy(service, config.UPSTREAM_TIMEOUT_MS))
  app.use(notFoundHandler)
  app.use(errorHandler(logger))
  return app
}
