import {
  ConfigError,
  createLogger,
  exitOnSignals,
  loadConfig,
  shutdownGracefully,
} from '@medstore/service-kit'
import { createGateway } from './app'
import { gatewayEnv } from './config'

try {
  const config = loadConfig(gatewayEnv)
  const logger = createLogger('gateway', config.LOG_LEVEL)
  const server = createGateway(config, logger).listen(config.GATEWAY_PORT, () => {
    logger.info({ url: `http://127.0.0.1:${config.GATEWAY_PORT}` }, 'gateway listening')
  })
  exitOnSignals(() => shutdownGracefully(server, [], logger), logger, config.SHUTDOWN_TIMEOUT_MS)
} catch (err) {
  console.error(`gateway: ${err instanceof ConfigError ? err.message : (err as Error).stack}`)
  process.exit(1)
}
