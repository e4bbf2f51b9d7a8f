import {
  createOrderRequest,
  IDEMPOTENCY_KEY_HEADER,
  orderIdQuery,
  orderItemQuery,
  orderListQuery,
  statusChangeRequest,
} from '@medstore/contracts/order'
import { type AuthMiddleware, badRequest, parseInput, setPageHeaders } from '@medstore/service-kit'
import { Router } from 'express'
import type { orderQueries } from '../use-cases/order-queries'
import type { orderStatusUseCases } from '../use-cases/order-status'
import type { placeOrderUseCase } from '../use-cases/place-order'

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

export type OrderHandlers = {
  placeOrder: ReturnType<typeof placeOrderUseCase>
  statuses: ReturnType<typeof orderStatusUseCases>
  queries: ReturnType<typeof orderQueries>
}

/** The documented order routes (spec section 7) plus one order by id and the customer's cancellation. */
export function orderRouter(auth: AuthMiddleware, { placeOrder, statuses, queries }: OrderHandlers): Router {
  const router = Router()

  router.post('/order', auth.requireUser, async (req, res) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER)
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
      throw badRequest(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible characters`)
    const input = parseInput(createOrderRequest, req.body)
    const { status, body } = await placeOrder(req.user!.id, input, key)
    res.status(status).json(body)
  })

  router.get('/order', auth.requireAdmin, async (req, res) => {
    const { body, total, page } = await queries.list(parseInput(orderListQuery, req.query))
    setPageHeaders(req, res, page, total)
    res.json(body)
  })

  router.get('/order/user-order', auth.requireUser, async (req, res) => {
    const { body, total, page } = await queries.list(parseInput(orderListQuery, req.query), req.user!.id)
    setPageHeaders(req, res, page, total)
    res.json(body)
  })

  router.get('/order/orderById', auth.requireUser, async (req, res) => {
    const { orderId } = parseInput(orderIdQuery, req.query)
    res.json(await queries.one(orderId, req.user!))
  })

  router.put('/order', auth.requireAdmin, async (req, res) => {
    const { orderId } = parseInput(orderIdQuery, req.query)
    const { status } = parseInput(statusChangeRequest, req.body)
    res.json(await statuses.setOrderStatus(orderId, status))
  })

  router.put('/order/item', auth.requireAdmin, async (req, res) => {
    const { orderId, itemId } = parseInput(orderItemQuery, req.query)
    const { status } = parseInput(statusChangeRequest, req.body)
    res.json(await statuses.setItemStatus(orderId, itemId, status))
  })

  router.post('/order/cancel', auth.requireUser, async (req, res) => {
    const { orderId } = parseInput(orderIdQuery, req.query)
    res.json(await statuses.cancelByCustomer(req.user!.id, orderId))
  })

  return router
}
