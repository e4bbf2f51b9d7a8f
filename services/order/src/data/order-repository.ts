import {
  NAME_FILTER_INDEXED_FROM,
  ORDER_COUNT_CAP,
  type OrderStatus,
  type PaymentStatus,
  SHORT_NAME_WINDOW,
  type ShippingInfo,
} from '@medstore/contracts/order'
import {
  type EventEnvelope,
  escapeLike,
  outboxInsert,
  outboxWritten,
  type RawSql,
  sqlOver,
} from '@medstore/service-kit'
import type pg from 'pg'
import type { ListCursor } from '../domain/list-cursor'
import type { OrderLine } from '../domain/pricing'
import { Prisma } from '../generated/prisma/client'
import type { Tx } from './db'

const withItems = {
  items: { orderBy: { position: 'asc' as const } },
  refunds: { orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }] },
  prescription: true,
}

export type StoredOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>

/** The next value of the order number sequence (taken before the order is written, so gaps are possible). */
export async function nextOrderSeq(sql: RawSql): Promise<number> {
  const [row] = await sql.$queryRawUnsafe<{ seq: number }[]>(
    `SELECT nextval(pg_get_serial_sequence('orders', 'seq'))::int AS seq`,
  )
  return row!.seq
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
  /** When the payment link stops being payable; null for cash. */
  paymentExpiresAt: Date | null
  lines: OrderLine[]
  totalPaise: number
  /** YYYY-MM-DD: the delivery day promised at placement. */
  promisedDeliveryDate: string
}

/** An order row as StoredOrder spells it (the Prisma model's field names). */
const ORDER_FIELDS = `id, seq, number, user_id AS "userId", customer_name AS "customerName",
  phone_number AS "phoneNumber", country, state, city, address_line1 AS "addressLine1",
  address_line2 AS "addressLine2", postal_code AS "postalCode", street, house_number AS "houseNumber",
  payment_type::text AS "paymentType", payment_status::text AS "paymentStatus",
  payment_provider AS "paymentProvider", payment_reference AS "paymentReference",
  payment_link_url AS "paymentLinkUrl", payment_expires_at AS "paymentExpiresAt",
  payment_checked_at AS "paymentCheckedAt", payment_id AS "paymentId", paid_paise AS "paidPaise",
  total_paise AS "totalPaise", to_char(promised_delivery_date, 'YYYY-MM-DD') AS "promisedDeliveryDate",
  status::text AS status,
  created_at AS "createdAt", updated_at AS "updatedAt"`

const ITEM_FIELDS = `id, order_id AS "orderId", position, product_id AS "productId", name, image, category,
  unit_price_paise AS "unitPricePaise", quantity, schedule, hsn_code AS "hsnCode", gst_rate AS "gstRate",
  mrp_paise AS "mrpPaise", status::text AS status`

/** The status an order and its lines are written with (its events say so before the row exists). */
export const NEW_ORDER_STATUS = 'pending' satisfies OrderStatus
const NEW_PAYMENT_STATUS = 'pending' satisfies PaymentStatus

/**
 * The order as placing writes it, every field of its row and lines (the lines numbered from 0, with the given
 * ids), created and updated `at`: placing answers it, and stores that answer with its Idempotency-Key, in
 * the very statement that writes it, instead of reading the rows back.
 */
export function newStoredOrder(order: NewOrder, at: Date, itemIds: string[]): StoredOrder {
  const { shippingInfo: s, lines } = order
  return {
    id: order.id,
    seq: order.seq,
    number: order.number,
    userId: order.userId,
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
    paymentType: order.paymentType,
    paymentStatus: NEW_PAYMENT_STATUS,
    paymentProvider: order.paymentProvider,
    paymentReference: order.paymentReference,
    paymentLinkUrl: order.paymentLinkUrl,
    paymentExpiresAt: order.paymentExpiresAt,
    paymentCheckedAt: null,
    paymentId: null,
    paidPaise: null,
    totalPaise: order.totalPaise,
    // A DATE as Prisma reads it: UTC midnight of the day.
    promisedDeliveryDate: new Date(`${order.promisedDeliveryDate}T00:00:00Z`),
    status: NEW_ORDER_STATUS,
    createdAt: at,
    updatedAt: at,
    items: lines.map((l, position) => ({
      id: itemIds[position]!,
      orderId: order.id,
      position,
      productId: l.productId,
      name: l.name,
      image: l.image,
      category: l.category,
      unitPricePaise: l.unitPricePaise,
      quantity: l.quantity,
      schedule: l.schedule,
      hsnCode: l.hsnCode,
      gstRate: l.gstRate,
      mrpPaise: l.mrpPaise,
      status: NEW_ORDER_STATUS,
    })),
    refunds: [],
    prescription: null,
  }
}

/** A data-modifying statement to run as part of another (a CTE), its parameters numbered from `first`. */
export type AlsoWrite = (first: number) => { text: string; values: unknown[] }

/**
 * Writes the order (as newStoredOrder made it), its lines, its events (to the outbox) and `also` in one
 * statement: one round trip, atomic on its own (no BEGIN/COMMIT), and inside the caller's transaction when
 * there is one. Nothing is read back: the caller already has the order as stored.
 */
export async function insertOrder(
  sql: RawSql,
  order: StoredOrder,
  events: EventEnvelope[] = [],
  also?: AlsoWrite,
): Promise<void> {
  const { items } = order
  const head = [
    order.id,
    order.seq,
    order.number,
    order.userId,
    order.customerName,
    order.phoneNumber,
    order.country,
    order.state,
    order.city,
    order.addressLine1,
    order.addressLine2,
    order.postalCode,
    order.street,
    order.houseNumber,
    order.paymentType,
    order.paymentStatus,
    order.paymentProvider,
    order.paymentReference,
    order.paymentLinkUrl,
    order.paymentExpiresAt,
    order.totalPaise,
    order.promisedDeliveryDate,
    order.status,
    order.createdAt,
    items.map((l) => l.id),
    items.map((l) => l.productId),
    items.map((l) => l.name),
    items.map((l) => l.image),
    items.map((l) => l.category),
    items.map((l) => l.unitPricePaise),
    items.map((l) => l.quantity),
    items.map((l) => l.schedule),
    items.map((l) => l.hsnCode),
    items.map((l) => l.gstRate),
    items.map((l) => l.mrpPaise),
    items.map((l) => l.status),
  ]
  const outbox = events.length ? outboxInsert(events, head.length + 1) : undefined
  const extra = also?.(head.length + (outbox?.values.length ?? 0) + 1)
  await sql.$executeRawUnsafe(
    `WITH o AS (
       INSERT INTO orders (id, seq, number, user_id, customer_name, phone_number, country, state, city,
         address_line1, address_line2, postal_code, street, house_number, payment_type, payment_status,
         payment_provider, payment_reference, payment_link_url, payment_expires_at, total_paise,
         promised_delivery_date, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::"PaymentType",
         $16::"PaymentStatus", $17, $18, $19, $20::timestamptz, $21, $22::date, $23::"OrderStatus",
         $24::timestamptz, $24::timestamptz)),
     i AS (
       INSERT INTO order_item (id, order_id, position, product_id, name, image, category, unit_price_paise,
         quantity, schedule, hsn_code, gst_rate, mrp_paise, status)
       SELECT l.id, $1::text, l.n - 1, l.product_id, l.name, l.image, l.category, l.unit_price_paise,
         l.quantity, l.schedule, l.hsn_code, l.gst_rate, l.mrp_paise, l.status::"OrderStatus"
       FROM unnest($25::text[], $26::text[], $27::text[], $28::text[], $29::text[], $30::int[], $31::int[],
         $32::text[], $33::text[], $34::int[], $35::int[], $36::text[]) WITH ORDINALITY
         AS l(id, product_id, name, image, category, unit_price_paise, quantity, schedule, hsn_code, gst_rate,
           mrp_paise, status, n))${outbox ? `,\n     e AS (${outbox.text})` : ''}${extra ? `,\n     x AS (${extra.text})` : ''}
     SELECT 1`,
    ...head,
    ...(outbox?.values ?? []),
    ...(extra?.values ?? []),
  )
  if (outbox) outboxWritten()
}

export function findOrder(tx: Tx, id: string) {
  return tx.order.findUnique({ where: { id }, include: withItems })
}

/** Reads the order under a row lock, so concurrent status changes and webhooks apply one after another. */
export async function lockOrder(tx: Tx, id: string): Promise<StoredOrder | null> {
  const locked = await tx.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id FROM orders WHERE id = $1 FOR UPDATE',
    id,
  )
  return locked.length ? findOrder(tx, id) : null
}

export async function findOrderByPaymentReference(
  sql: RawSql,
  reference: string,
): Promise<{ id: string } | undefined> {
  const [row] = await sql.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id FROM orders WHERE payment_reference = $1 LIMIT 1',
    reference,
  )
  return row
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

export async function savePayment(
  tx: Tx,
  orderId: string,
  change: { paymentStatus: PaymentStatus; paymentId?: string; paidPaise?: number },
): Promise<StoredOrder> {
  return tx.order.update({ where: { id: orderId }, data: change, include: withItems })
}

/** An online order's payment link, as the payment sweep looks at it. */
export type LinkToCheck = {
  id: string
  paymentProvider: string | null
  paymentReference: string | null
  paymentExpiresAt: Date | null
}

/**
 * Online orders whose payment is still open and that are due a look at their link (see payment-sweep):
 * never looked at and older than `checkBefore`, or expired and not looked at since they expired.
 */
export async function ordersDueLinkCheck(
  sql: RawSql,
  checkBefore: Date,
  now: Date,
  limit: number,
): Promise<LinkToCheck[]> {
  return sql.$queryRawUnsafe<LinkToCheck[]>(
    `SELECT id, payment_provider AS "paymentProvider", payment_reference AS "paymentReference",
       payment_expires_at AS "paymentExpiresAt"
     FROM orders
     WHERE payment_type = 'online' AND payment_status IN ('pending', 'failed')
       AND status IN ('pending', 'processing') AND payment_reference IS NOT NULL
       AND ((payment_checked_at IS NULL AND created_at <= $1)
         OR (payment_expires_at <= $2 AND (payment_checked_at IS NULL OR payment_checked_at < payment_expires_at)))
     ORDER BY created_at LIMIT $3`,
    checkBefore,
    now,
    limit,
  )
}

export async function markLinkChecked(sql: RawSql, orderId: string, at: Date): Promise<void> {
  // As every change of an order, it moves updated_at (as Prisma's @updatedAt did).
  await sql.$executeRawUnsafe(
    'UPDATE orders SET payment_checked_at = $2, updated_at = now() WHERE id = $1',
    orderId,
    at,
  )
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
  /** Read the page from this place instead of the offset: the orders just older (after) or newer (before). */
  after?: ListCursor
  before?: ListCursor
}

/**
 * A name too short for the trigram index, in the whole store (not one customer's orders, which their own
 * index bounds): looked for among the SHORT_NAME_WINDOW newest orders only.
 */
const nameSearchWindowed = (f: OrderFilters): boolean =>
  f.userId === undefined && f.name !== undefined && f.name !== '' && f.name.length < NAME_FILTER_INDEXED_FROM

/**
 * Only the filters given, as real predicates (an `x IS NULL OR` form would hide the indexes from a generic plan),
 * and `place` (a page's cursor) beside them.
 */
function orderFilter(f: OrderFilters, place?: Prisma.Sql): Prisma.Sql {
  const name = f.name ? `%${escapeLike(f.name)}%` : undefined
  const price = f.price ? `%${f.price}%` : undefined
  const predicates = [
    f.userId !== undefined && Prisma.sql`user_id = ${f.userId}`,
    name !== undefined && Prisma.sql`customer_name ILIKE ${name}`,
    f.from !== undefined && Prisma.sql`created_at >= ${f.from}`,
    f.to !== undefined && Prisma.sql`created_at < ${f.to}`,
    price !== undefined && Prisma.sql`trim_scale(total_paise / 100.0)::text LIKE ${price}`,
    f.status !== undefined && Prisma.sql`status = ${f.status}::"OrderStatus"`,
    place ?? false,
  ].filter((p): p is Prisma.Sql => p !== false)
  return predicates.length ? Prisma.sql`WHERE ${Prisma.join(predicates, ' AND ')}` : Prisma.empty
}

/**
 * The statements of a list of orders: one page of ids, newest first (seq breaking ties); how many match,
 * counted up to ORDER_COUNT_CAP + 1 (counting every match of a million-order store on each page was the cost
 * that grew with the store); and the planner's estimate of the matches. Exported for the query-plan test.
 */
export function orderListSql(f: OrderFilters): { page: Prisma.Sql; count: Prisma.Sql; estimate: Prisma.Sql } {
  const where = orderFilter(f)
  const from = nameSearchWindowed(f) ? NEWEST_ORDERS : Prisma.sql`orders`
  return {
    page: pageSql(f, from),
    count: Prisma.sql`SELECT count(*)::int AS n
      FROM (SELECT 1 FROM ${from} ${where} LIMIT ${ORDER_COUNT_CAP + 1}) matching`,
    estimate: Prisma.sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${where}`,
  }
}

/**
 * The ids of one page, newest first: after a cursor, the next `limit` along the index from that place; before
 * one, the `limit` just newer (read oldest first, put back in order by the caller's ORDER BY); else by offset.
 */
function pageSql(f: OrderFilters, from: Prisma.Sql): Prisma.Sql {
  const place = f.after
    ? Prisma.sql`(created_at, seq) < (${f.after.at}, ${f.after.seq})`
    : f.before
      ? Prisma.sql`(created_at, seq) > (${f.before.at}, ${f.before.seq})`
      : undefined
  const order = f.before ? Prisma.sql`created_at, seq` : Prisma.sql`created_at DESC, seq DESC`
  return Prisma.sql`SELECT id FROM ${from} ${orderFilter(f, place)} ORDER BY ${order}
    LIMIT ${f.limit ?? null} OFFSET ${place ? 0 : (f.offset ?? 0)}`
}

/**
 * The SHORT_NAME_WINDOW newest orders, under the table's name so the filters read the same: a walk of the
 * (created_at, seq, …) INCLUDE (id, customer_name) index alone. As a condition on the table instead, the
 * planner took the name's trigram index for a pattern it holds no trigram of (two letters) and rechecked every
 * order: 870 ms at 1,000,000 orders for a count.
 */
const NEWEST_ORDERS = Prisma.sql`(SELECT id, created_at, seq, customer_name, status, total_paise FROM orders
  ORDER BY created_at DESC, seq DESC LIMIT ${SHORT_NAME_WINDOW}) orders`

/**
 * A name or amount filter is a test of every order the count walks past (a common name matches one order in
 * twelve: 12,000 tested to count 1,000, 25 ms at 1,000,000 orders). When the planner expects this many
 * times the cap to match, the list says "more than the cap" without counting. Its estimates of these
 * filters are within a few per cent at 1,000,000 orders and within 25 % at 100,000 (bench/PROFILE.md), far
 * inside this margin; at ten times the cap, 100,000 orders still counted a common name on every page (its
 * 8,600 expected matches), which made All Orders slower there than at a million.
 */
const UNCOUNTED_ABOVE = 4 * ORDER_COUNT_CAP

/** A statement built with Prisma.sql, run on plain SQL (a named prepared statement on the pool: `sqlOver`). */
const rows = <T>(sql: RawSql, statement: Prisma.Sql) =>
  sql.$queryRawUnsafe<T>(statement.text, ...statement.values)

/** How many orders match, up to ORDER_COUNT_CAP + 1. */
async function matchCount(
  sql: RawSql,
  f: OrderFilters,
  statements: ReturnType<typeof orderListSql>,
): Promise<number> {
  if (f.name || f.price) {
    // An EXPLAIN is planned for the values it is given each time, prepared or not (checked: a common name's
    // estimate and a rare one's stay apart on the fifth call and after).
    const [plan] = await rows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
      sql,
      statements.estimate,
    )
    if ((plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0) >= UNCOUNTED_ABOVE) return ORDER_COUNT_CAP + 1
  }
  const [counted] = await rows<{ n: number }[]>(sql, statements.count)
  return counted?.n ?? 0
}

/** An order's refunds and prescription as StoredOrder spells them (times come back as JSON text). */
const REFUND_FIELDS = `id, order_id AS "orderId", item_id AS "itemId", amount_paise AS "amountPaise",
  status::text AS status, provider_refund_id AS "providerRefundId", created_at AS "createdAt",
  updated_at AS "updatedAt"`
const PRESCRIPTION_FIELDS = `order_id AS "orderId", status, prescription_id AS "prescriptionId", reason,
  reattach_by AS "reattachBy", updated_at AS "updatedAt"`

/**
 * The orders whose ids `ids` selects (a subquery), newest first, each with its lines, refunds and
 * prescription aggregated as JSON: one statement, where Prisma's include made four and compiled each
 * (most of My Orders' CPU per request, bench/PROFILE.md).
 */
function ordersWithDetailsSql(ids: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT ${Prisma.raw(ORDER_FIELDS)},
      COALESCE((SELECT json_agg(i ORDER BY i.position) FROM (SELECT ${Prisma.raw(ITEM_FIELDS)}
        FROM order_item WHERE order_item.order_id = o.id) i), '[]'::json) AS items,
      COALESCE((SELECT json_agg(r ORDER BY r."createdAt", r.id) FROM (SELECT ${Prisma.raw(REFUND_FIELDS)}
        FROM refund WHERE refund.order_id = o.id) r), '[]'::json) AS refunds,
      (SELECT row_to_json(p) FROM (SELECT ${Prisma.raw(PRESCRIPTION_FIELDS)}
        FROM order_prescription WHERE order_prescription.order_id = o.id) p) AS prescription
    FROM orders o WHERE o.id IN (SELECT id FROM (${ids}) page)
    ORDER BY o.created_at DESC, o.seq DESC`
}

/**
 * How a list's statements run: `prepared` (planned once per connection) unless the filters hold a name or an
 * amount, whose best plan depends on how rare the text is (a common one walks the index newest first, a
 * rare one asks the trigram index), so `planEachCall`.
 */
export type ListSql = { prepared: RawSql; planEachCall: RawSql }

/** Both ways of running the lists, on one pool. */
export const listSqlOver = (pool: pg.Pool): ListSql => ({
  prepared: sqlOver(pool),
  planEachCall: sqlOver(pool, { planEachCall: true }),
})

/**
 * Orders matching the filters, newest first, within the ORDER_COUNT_CAP newest, and how many match up
 * to ORDER_COUNT_CAP (`totalCapped` when more do, or are expected to). The price filter is the back-office's
 * "total contains this text" (on the rupee amount without trailing zeros, e.g. 512.5), which needs SQL.
 */
export async function listOrders(
  lists: ListSql,
  f: OrderFilters,
): Promise<{ orders: StoredOrder[]; total: number; totalCapped: boolean; searchedNewest?: number }> {
  const statements = orderListSql(f)
  const sql = f.name || f.price ? lists.planEachCall : lists.prepared
  // Pages go as far as the cap (ORDER_COUNT_CAP): a deeper one would skip more orders than it shows.
  const orders =
    f.after || f.before || (f.offset ?? 0) < ORDER_COUNT_CAP
      ? await rows<StoredOrder[]>(sql, ordersWithDetailsSql(statements.page))
      : []
  const n = await matchCount(sql, f, statements)
  return {
    orders,
    total: Math.min(n, ORDER_COUNT_CAP),
    totalCapped: n > ORDER_COUNT_CAP,
    ...(nameSearchWindowed(f) ? { searchedNewest: SHORT_NAME_WINDOW } : {}),
  }
}
