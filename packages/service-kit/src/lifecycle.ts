import type { Server } from 'node:http'
import type { Logger } from './logger'

export type Closer = { name: string; close: () => Promise<void> }

/**
 * Stops a service in order: stop accepting connections, let in-flight requests finish, then close
 * what the service holds (consumers, relay, broker, database) in the order given.
 */
export async function shutdownGracefully(server: Server, closers: Closer[], logger: Logger): Promise<void> {
  await new Promise<void>((resolve) => {
    // A keep-alive connection goes idle when its last request ends; close it then, not at keepAliveTimeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 50)
    server.close(() => {
      clearInterval(sweep)
      resolve()
    })
    server.closeIdleConnections()
  })
  for (const { name, close } of closers) {
    try {
      await close()
    } catch (err) {
      logger.warn({ err: (err as Error).message }, `closing ${name} failed`)
    }
  }
}

/** SIGTERM/SIGINT run `stop` once; if it overruns the timeout the process exits anyway. */
export function exitOnSignals(stop: () => Promise<void>, logger: Logger, timeoutMs: number): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting')
      process.exit(1)
    }, timeoutMs)
    timer.unref()
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', onSignal)
  process.once('SIGINT', onSignal)
}
