import { RESERVATIONS_PATH, reservationRequest } from '@medstore/contracts/stock'
import { internalCallersOnly, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import type { reservationUseCases } from '../use-cases/reservations'

/**
 * The stock reservation API the order service calls (contract: @medstore/contracts/stock). The gateway
 * never routes /internal; every call must also carry the internal secret (401 without it), and in
 * Kubernetes only the order service's pods may reach the port (deploy/k8s NetworkPolicies).
 */
export function internalRouter(reservations: ReturnType<typeof reservationUseCases>, secret: string): Router {
  const router = Router()
  const internalOnly = internalCallersOnly(secret)
  router.post(RESERVATIONS_PATH, internalOnly, async (req, res) => {
    res.json(await reservations.reserve(parseInput(reservationRequest, req.body ?? {})))
  })
  router.post(`${RESERVATIONS_PATH}/:orderId/release`, internalOnly, async (req, res) => {
    res.json(await reservations.release(String(req.params.orderId)))
  })
  return router
}
