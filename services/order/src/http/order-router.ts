import { IDEMPOTENCY_KEY_HEADER, orderApi } from '@medstore/contracts/order'
import { invoiceFileName } from '@medstore/contracts/order-constants'
import { orderStatisticsApi } from '@medstore/contracts/order-statistics'
import { type AuthMiddleware, apiRouter, FileReply, pageReply } from '@medstore/service-kit'
import type { invoiceUseCases } from '../use-cases/invoices'
import type { orderQueryUseCases } from '../use-cases/order-queries'
import type { orderStatisticsUseCases } from '../use-cases/order-statistics'
import type { orderStatusUseCases } from '../use-cases/order-status'
import type { placeOrderUseCases } from '../use-cases/place-order'

export type OrderUseCases = {
  placing: ReturnType<typeof placeOrderUseCases>
  statuses: ReturnType<typeof orderStatusUseCases>
  queries: ReturnType<typeof orderQueryUseCases>
  statistics: ReturnType<typeof orderStatisticsUseCases>
  invoices: ReturnType<typeof invoiceUseCases>
}

/**
 * The documented order routes (spec section 7), one order by id, the customer's cancellation, the tax
 * invoice, the dashboard.
 */
export function orderRouter(
  auth: AuthMiddleware,
  { placing, statuses, queries, statistics, invoices }: OrderUseCases,
) {
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
    .route(orderApi.cancel, ({ user, query }) => statuses.cancelByCustomer(user.id, query.orderId))
    .route(orderApi.invoice, async ({ user, query }) => {
      const { number, bytes } = await invoices.pdf(query.orderId, user)
      // A tax invoice names the customer and their address: kept by no cache, saved by the browser.
      return new FileReply(bytes, 'application/pdf', {
        'Content-Disposition': `attachment; filename="${invoiceFileName(number)}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
    }).router
}
