import type { CustomerNotification } from '@medstore/contracts/messaging'
import { priceFilterText } from '@medstore/contracts/money'
import type { Order } from '@medstore/contracts/order'
import { orderListQuery, orderStatus } from '@medstore/contracts/order'
import { INDIAN_DATE_INVALID, parseIndianDate } from '@medstore/ui'

/** Spec: My orders pages 5 orders at a time. */
export const ORDERS_PER_PAGE = 5

export const ALL_STATUS = 'All Status'
export const statusOptions = [ALL_STATUS, ...orderStatus.options] as const

export interface OrderFilters {
  name: string
  /** As typed: dd/mm/yyyy, or '' */
  date: string
  price: string
  status: (typeof statusOptions)[number]
}

export const emptyFilters = (): OrderFilters => ({ name: '', date: '', price: '', status: ALL_STATUS })

export type OrderQuery = Record<string, string | number | undefined>

/**
 * The query of `GET /order/user-order` for the filters and a page: the date typed day first, the price as
 * the table shows it, checked with the server's own schema (so a bad filter is explained next to its
 * field, not by a 400).
 */
export function ordersQuery(
  filters: OrderFilters,
  page: number,
): { ok: true; query: OrderQuery } | { ok: false; field: 'date' | 'price'; message: string } {
  const typedDate = filters.date.trim()
  const date = typedDate ? parseIndianDate(typedDate) : undefined
  if (typedDate && !date) return { ok: false, field: 'date', message: INDIAN_DATE_INVALID }
  const raw = {
    name: filters.name.trim() || undefined,
    date,
    price: priceFilterText(filters.price) || undefined,
    status: filters.status === ALL_STATUS ? undefined : filters.status,
    page: Math.max(1, Math.floor(page)),
    limit: ORDERS_PER_PAGE,
  }
  const parsed = orderListQuery.safeParse(raw)
  if (!parsed.success)
    return { ok: false, field: 'price', message: parsed.error.issues[0]?.message ?? 'Invalid filter' }
  return { ok: true, query: raw }
}

/** Pages for `total` orders (at least 1 so the pager and "page 1 of 1" read right). */
export const orderPageCount = (total: number): number => Math.max(1, Math.ceil(total / ORDERS_PER_PAGE))

/** Cancellation policy: pending or processing, and within 24 hours of placing. The server decides too. */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000

/** Why an order can no longer be cancelled (the page words it in its language). */
export type CancelRefusal =
  | { why: 'cancelled' }
  | { why: 'dispatched'; status: 'shipped' | 'delivered' }
  | { why: 'late' }

export type Cancellability = { allowed: true } | ({ allowed: false } & CancelRefusal)

export function cancellability(order: Pick<Order, 'status' | 'createdAt'>, now: Date): Cancellability {
  if (order.status === 'cancelled') return { allowed: false, why: 'cancelled' }
  if (order.status === 'shipped' || order.status === 'delivered')
    return { allowed: false, why: 'dispatched', status: order.status }
  if (now.getTime() - Date.parse(order.createdAt) > CANCEL_WINDOW_MS) return { allowed: false, why: 'late' }
  return { allowed: true }
}

export interface TimelineEntry {
  id: string
  /** The order's or item's status, or a refund's (pending, processed, failed). */
  status: CustomerNotification['status']
  text: string
  at: string
}

/** An order's status history, oldest first, from the customer's notifications. */
export function timelineOf(orderId: string, notifications: readonly CustomerNotification[]): TimelineEntry[] {
  return notifications
    .filter((n) => n.orderId === orderId)
    .map((n) => ({ id: n._id, status: n.status, text: n.text, at: n.createdAt }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}
