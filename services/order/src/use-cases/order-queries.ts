import type { OrderListQuery } from '@medstore/contracts/order'
import { notFound } from '@medstore/service-kit'
import { findOrder, listOrders } from '../data/order-repository'
import { indianDayRange } from '../domain/list-filters'
import type { PrismaClient } from '../generated/prisma/client'
import { toApiOrder } from './order-view'

/** The back-office's page size for orders (spec section 9), used when only `page` is given. */
const DEFAULT_PAGE_SIZE = 5

export function orderQueries(db: PrismaClient) {
  return {
    /** Every order (admin) or the caller's own, newest first; paged only when page or limit is given. */
    async list(query: OrderListQuery, userId?: string) {
      const paged = query.page !== undefined || query.limit !== undefined
      const limit = query.limit ?? DEFAULT_PAGE_SIZE
      const page = query.page ?? 1
      const day = query.date ? indianDayRange(query.date) : undefined
      const { orders, total } = await listOrders(db, {
        userId,
        name: query.name,
        from: day?.from,
        to: day?.to,
        price: query.price,
        status: query.status,
        ...(paged ? { limit, offset: (page - 1) * limit } : {}),
      })
      const body = { orders: orders.map(toApiOrder) }
      return paged ? { ...body, total, page, limit } : body
    },

    /** One order, for its owner or an administrator; anyone else is told it does not exist. */
    async one(orderId: string, caller: { id: string; isAdmin: boolean }) {
      const order = await findOrder(db, orderId)
      if (!order || (!caller.isAdmin && order.userId !== caller.id)) throw notFound('Order not found')
      return { order: toApiOrder(order) }
    },
  }
}
