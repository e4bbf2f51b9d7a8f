import { pino } from 'pino'
import { requestContext } from './request-context'

export type Logger = pino.Logger

/** Structured JSON logs; every line written while serving a request carries its request id. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
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
  })
}
