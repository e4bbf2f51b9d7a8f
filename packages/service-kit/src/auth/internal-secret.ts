import { randomBytes, timingSafeEqual } from 'node:crypto'
import { INTERNAL_TOKEN_HEADER } from '@medstore/contracts/stock'
import type { RequestHandler } from 'express'
import { z } from 'zod'
import { Unauthenticated } from '../domain/errors'

/**
 * The shared secret of service-to-service calls (the catalogue's stock API): a setting both sides read.
 * Empty counts as unset, so `${INTERNAL_TOKEN:-}` in compose does not pass a blank secret.
 */
export const internalSecretSetting = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().min(32, 'must be at least 32 characters').optional(),
)

export const INTERNAL_SECRET_REFUSED = `Internal API: a valid ${INTERNAL_TOKEN_HEADER} is required`

/** One per process: a catalogue and an order service started in the same test process share it. */
let processSecret: string | undefined

/**
 * The secret to use: the setting, or (development and tests, where a service runs without it) one generated
 * for this process, so an internal API is never open. Production requires the setting (each service's
 * schema says so); `npm start` generates one into .data/keys and gives it to both sides.
 */
export function internalSecret(configured: string | undefined): string {
  if (configured) return configured
  processSecret ??= randomBytes(32).toString('base64url')
  return processSecret
}

/** Refuses (401) any request that does not carry the internal secret; compares in constant time. */
export function internalCallersOnly(secret: string): RequestHandler {
  const expected = Buffer.from(secret)
  return (req, _res, next) => {
    const given = Buffer.from(req.get(INTERNAL_TOKEN_HEADER) ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new Unauthenticated(INTERNAL_SECRET_REFUSED)
    next()
  }
}
