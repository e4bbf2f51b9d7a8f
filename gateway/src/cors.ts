import type { RequestHandler } from 'express'

/** Lets the configured front-end origins call the API from a browser, with the bearer header. */
export function cors(origins: string[]): RequestHandler {
  const allowed = new Set(origins)
  return (req, res, next) => {
    const origin = req.get('origin')
    if (origin && allowed.has(origin)) {
      res.setHeader('access-control-allow-origin', origin)
      res.setHeader('vary', 'Origin')
      res.setHeader('access-control-expose-headers', 'x-request-id')
      if (req.method === 'OPTIONS') {
        res.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS')
        res.setHeader(
          'access-control-allow-headers',
          'authorization,content-type,idempotency-key,x-request-id',
        )
        res.setHeader('access-control-max-age', '600')
        res.status(204).end()
        return
      }
    }
    next()
  }
}
