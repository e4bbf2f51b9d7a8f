import type { RequestHandler } from 'express'
import type { Logger } from '../logger'

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    res.on('finish', () => {
      if (req.path.startsWith('/health/')) return
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.info(
        { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms) },
        'request',
      )
    })
    next()
  }
}
