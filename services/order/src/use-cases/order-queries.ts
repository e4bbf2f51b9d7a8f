import { pageOf } from '@medstore/contracts/api'
import type { Order, OrderListQuery } from '@medstore/contracts/order'
import { type ListPage, NotFound } from '@medstore/service-kit'
import { findOrder, type ListSql, listOrders } from '../data/order-repository'
import { cursorText, parseCursor } from '../domain/list-cursor'
import { indianDayRange } from '../domain/list-filters'
import type { PrismaClient } from '../generated/prisma/client'
import { presentOrder } from '../presenters/order'

/** The back-office's page size for orders (spec section 9), used when only `page` is given. */
const DEFAULT_PAGE_SIZE = 5

/** `lists` run the lists in plain SQL (My Orders' and All Orders' hot path); `db` the one-order read. */
export function orderQueryUseCases(db: PrismaClient, lists: ListSql) {
  return {
    /**
     * One page of orders (admin: all; else the caller's own), newest first: the first LIST_LIMIT_MAX when
     * neither page nor limit is given, answered as `{ orders }`; with either, `{ orders, total, totalCapped, cursors, page, limit }`
     * (total counted up to ORDER_COUNT_CAP); `searchedNewest` in both when a short name was looked for in
     * the newest orders only (SHORT_NAME_WINDOW).
     */
    async list(query: OrderListQuery, userId?: string): Promise<ListPage> {
      const paged = query.page !== undefined || query.limit !== undefined
      const page = pageOf(query, DEFAULT_PAGE_SIZE)
      const day = query.date ? indianDayRange(query.date) : undefined
      const { orders, total, totalCapped, searchedNewest } = await listOrders(lists, {
        userId,
        name: query.name,
        from: day?.from,
        to: day?.to,
        price: query.price,
        status: query.status,
        limit: page.limit,
        offset: page.skip,
        after: query.after ? parseCursor(query.after) : undefined,
        before: query.after || !query.before ? undefined : parseCursor(query.before),
      })
      // searchedNewest only when the name was too short for every order (either form says so).
      const body = { orders: orders.map(presentOrder), ...(searchedNewest ? { searchedNewest } : {}) }
      const first = orders[0]
      const last = orders.at(-1)
      const cursors = first && last ? { newest: cursorText(first), oldest: cursorText(last) } : undefined
      return {
        items: paged ? { ...body, total, totalCapped, cursors, page: page.page, limit: page.limit } : body,
        page,
        total,
      }
    },

    /** One order, for its owner or an administrator; anyone else is told it does not exist. */
    async one(orderId: string, caller: { id: string; isAdmin: boolean }): Promise<{ order: Order }> {
      const order = await findOrder(db, orderId)
      if (!order || (!caller.isAdmin && order.userId !== caller.id)) throw new NotFound('Order not found')
      return { order: presentOrder(order) }
    },
  }
}
