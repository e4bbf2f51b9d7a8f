import { pino } from 'pino'
import { requestContext } from './request-context'

export type Logger = pino.Logger
/** Where a logger writes its JSON lines (anything with write(line)). */
export type LogDestination = pino.DestinationStream

/**
 * Structured JSON logs; every line written while serving a request carries its request id. Standard output
 * unless given a destination (tests read back what a service wrote).
 */
export function createLogger(service: string, level = 'info', destination?: LogDestination): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const ctx = requestContext.current()
      return ctx ? { reqId: ctx.requestId } : {}
    },
    redact: {
      paths: ['password', 'cmPassword', '*.password', '*.cmPassword', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
  }
  return destination ? pino(options, destination) : pino(options)
}
