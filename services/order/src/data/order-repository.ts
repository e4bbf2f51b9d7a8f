import type { OrderStatus, PaymentStatus, ShippingInfo } from '@medstore/contracts/order'
import { escapeLike } from '../domain/list-filters'
import type { OrderLine } from '../domain/pricing'
import type { Tx } from './db'

const withItems = { items: { orderBy: { position: 'asc' } } } as const

export type StoredOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>

/** The next value of the order number sequence (taken before the order is written, so gaps are possible). */
export async function nextOrderSeq(tx: Tx): Promise<number> {
  const [row] = await tx.$queryRaw<{ seq: bigint }[]>`
    SELECT nextval(pg_get_serial_sequence('orders', 'seq')) AS seq`
  return Number(row!.seq)
}

export type NewOrder = {
  id: string
  seq: number
  number: string
  userId: string
  shippingInfo: ShippingInfo
  paymentType: 'cash' | 'online'
  paymentProvider: string | null
  paymentReference: string | null
  paymentLinkUrl: string | null
  lines: OrderLine[]
  totalPaise: number
}

export async function insertOrder(tx: Tx, order: NewOrder): Promise<StoredOrder> {
  const { shippingInfo: s, lines, ...rest } = order
  return tx.order.create({
    data: {
      ...rest,
      customerName: s.customerName,
      phoneNumber: s.phoneNumber,
      country: s.country,
      state: s.state,
      city: s.city,
      addressLine1: s.addressLine1,
      addressLine2: s.addressLine2,
      postalCode: s.postalCode,
      street: s.street,
      houseNumber: s.houseNumber,
      items: { create: lines.map((line, position) => ({ ...line, position })) },
    },
    include: withItems,
  })
}

export function findOrder(tx: Tx, id: string) {
  return tx.order.findUnique({ where: { id }, include: withItems })
}

/** Reads the order under a row lock, so concurrent status changes and webhooks apply one after another. */
export async function lockOrder(tx: Tx, id: string): Promise<StoredOrder | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE id = ${id} FOR UPDATE`
  return locked.length ? findOrder(tx, id) : null
}

export async function findOrderByPaymentReference(tx: Tx, reference: string) {
  return tx.order.findFirst({ where: { paymentReference: reference }, select: { id: true } })
}

export async function saveStatuses(
  tx: Tx,
  orderId: string,
  change: {
    status: OrderStatus
    items: { id: string; status: OrderStatus }[]
    paymentStatus?: PaymentStatus
  },
): Promise<StoredOrder> {
  // One statement per new status (a whole-order change moves every item to the same one), not one per item.
  for (const status of new Set(change.items.map((item) => item.status))) {
    const ids = change.items.filter((item) => item.status === status).map((item) => item.id)
    await tx.orderItem.updateMany({ where: { orderId, id: { in: ids } }, data: { status } })
  }
  return tx.order.update({
    where: { id: orderId },
    data: { status: change.status, ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}) },
    include: withItems,
  })
}

export async function savePaymentStatus(tx: Tx, orderId: string, paymentStatus: PaymentStatus) {
  return tx.order.update({ where: { id: orderId }, data: { paymentStatus }, include: withItems })
}

export type OrderFilters = {
  userId?: string
  name?: string
  from?: Date
  to?: Date
  price?: string
  status?: OrderStatus
  limit?: number
  offset?: number
}

/**
 * Orders matching the filters, newest first, and how many match. The price filter is the back-office's
 * "total contains this text" (on the rupee amount without trailing zeros, e.g. 512.5), which needs SQL.
 */
export async function listOrders(tx: Tx, f: OrderFilters): Promise<{ orders: StoredOrder[]; total: number }> {
  const name = f.name ? `%${escapeLike(f.name)}%` : null
  const price = f.price ? `%${f.price}%` : null
  const rows = await tx.$queryRaw<{ id: string; total: bigint }[]>`
    SELECT id, count(*) OVER () AS total FROM orders
    WHERE (${f.userId ?? null}::text IS NULL OR user_id = ${f.userId ?? null})
      AND (${name}::text IS NULL OR customer_name ILIKE ${name})
      AND (${f.from ?? null}::timestamptz IS NULL OR created_at >= ${f.from ?? null})
      AND (${f.to ?? null}::timestamptz IS NULL OR created_at < ${f.to ?? null})
      AND (${price}::text IS NULL OR trim_scale(total_paise / 100.0)::text LIKE ${price})
      AND (${f.status ?? null}::text IS NULL OR status::text = ${f.status ?? null})
    ORDER BY created_at DESC, seq DESC
    LIMIT ${f.limit ?? null} OFFSET ${f.offset ?? 0}`
  if (rows.length === 0) return { orders: [], total: 0 }
  const found = await tx.order.findMany({ where: { id: { in: rows.map((r) => r.id) } }, include: withItems })
  const byId = new Map(found.map((o) => [o.id, o]))
  return { orders: rows.map((r) => byId.get(r.id)!).filter(Boolean), total: Number(rows[0]!.total) }
}
