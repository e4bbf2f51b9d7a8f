import type { RequestHandler } from 'express'

/**
 * The one security header a service's answer carries itself. A service answers the gateway, never a
 * browser: the gateway writes the edge's security headers (gateway/src/edge.ts) and drops a service's copies
 * of them, so helmet's thirteen headers (about 700 bytes) were written by every service and parsed and thrown
 * away by the gateway on every proxied request (issue 35: 5 µs of the gateway's CPU per GET, and the
 * service's own). `nosniff` stays for a caller inside the network that reads a service directly. A page a
 * service renders (the payment sandbox) sets its own Content-Security-Policy, which the gateway keeps.
 */
export const internalHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  next()
}
