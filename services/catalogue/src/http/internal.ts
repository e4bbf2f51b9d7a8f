import { timingSafeEqual } from 'node:crypto'
import { INTERNAL_TOKEN_HEADER, RESERVATIONS_PATH, reservationRequest } from '@medstore/contracts/stock'
import { NotAllowed, parseInput } from '@medstore/service-kit'
import { type RequestHandler, Router } from 'express'
import type { reservationUseCases } from '../use-cases/reservations'

/**
 * The stock reservation API the order service calls (contract: @medstore/contracts/stock). It is not
 * under a path family the gateway routes, so the public can't reach it through the API host; it must
 * not be exposed otherwise either. With INTERNAL_TOKEN set, callers must also present that token.
 */
export function internalRouter(
  reservations: ReturnType<typeof reservationUseCases>,
  internalToken: string | undefined,
): Router {
  const router = Router()
  const internalOnly: RequestHandler = (req, _res, next) => {
    if (internalToken && !sameSecret(req.get(INTERNAL_TOKEN_HEADER), internalToken))
      throw new NotAllowed(`Internal API: a valid ${INTERNAL_TOKEN_HEADER} is required`)
    next()
  }
  router.post(RESERVATIONS_PATH, internalOnly, async (req, res) => {
    res.json(await reservations.reserve(parseInput(reservationRequest, req.body ?? {})))
  })
  router.post(`${RESERVATIONS_PATH}/:orderId/release`, internalOnly, async (req, res) => {
    res.json(await reservations.release(String(req.params.orderId)))
  })
  return router
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
