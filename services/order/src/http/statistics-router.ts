import type { AuthMiddleware } from '@medstore/service-kit'
import { Router } from 'express'
import type { OrderStatisticsQuery } from '../use-cases/order-statistics'

/** GET /order/statistics: the back-office dashboard (administrators only). */
export function statisticsRouter(auth: AuthMiddleware, statistics: OrderStatisticsQuery): Router {
  const router = Router()
  router.get('/order/statistics', auth.requireAdmin, async (_req, res) => {
    res.json(await statistics())
  })
  return router
}
