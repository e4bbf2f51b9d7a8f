import { IDEMPOTENCY_KEY_HEADER, orderApi } from '@medstore/contracts/order'
import { orderStatisticsApi } from '@medstore/contracts/order-statistics'
import { type AuthMiddleware, apiRouter, pageReply } from '@medstore/service-kit'
import type { orderQueryUseCases } from '../use-cases/order-queries'
import type { orderStatisticsUseCases } from '../use-cases/order-statistics'
import type { orderStatusUseCases } from '../use-cases/order-status'
import type { placeOrderUseCases } from '../use-cases/place-order'

export type OrderUseCases = {
  placing: ReturnType<typeof placeOrderUseCases>
  statuses: ReturnType<typeof orderStatusUseCases>
  queries: ReturnType<typeof orderQueryUseCases>
  statistics: ReturnType<typeof orderStatisticsUseCases>
}

/** The documented order routes (spec section 7), one order by id, the customer's cancellation, the dashboard. */
export function orderRouter(auth: AuthMiddleware, { placing, statuses, queries, statistics }: OrderUseCases) {
  return apiRouter(auth)
    .route(orderStatisticsApi.statistics, () => statistics.dashboard())
    .route(orderApi.place, ({ user, body, req }) =>
      placing.place(user.id, body, req.get(IDEMPOTENCY_KEY_HEADER), {
        origin: req.get('origin'),
        apiHost: req.get('x-forwarded-host'),
      }),
    )
    .route(orderApi.list, async ({ query }) => pageReply(await queries.list(query)))
    .route(orderApi.userOrders, async ({ user, query }) => pageReply(await queries.list(query, user.id)))
    .route(orderApi.byId, ({ user, query }) => queries.one(query.orderId, user))
    .route(orderApi.setStatus, ({ query, body }) => statuses.setOrderStatus(query.orderId, body.status))
    .route(orderApi.setItemStatus, ({ query, body }) =>
      statuses.setItemStatus(query.orderId, query.itemId, body.status),
    )
    .route(orderApi.cancel, ({ user, query }) => statuses.cancelByCustomer(user.id, query.orderId)).router
}
