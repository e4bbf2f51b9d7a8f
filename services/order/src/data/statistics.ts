import type { RawSql } from '@medstore/service-kit'
import { indianDay } from '../domain/statistics'

/*
 * The dashboard's aggregates, computed by PostgreSQL (a store with 100,000 orders must not be read into
 * memory). Sums come back as bigint (paise can pass 2^31 in a window) and are turned into numbers here.
 * Cancelled orders never count.
 */

export type WindowTotals = {
  revenueLast: number
  revenuePrevious: number
  ordersLast: number
  ordersPrevious: number
  incomeToday: number
  ordersToday: number
}

/**
 * $1 last, $2 today, $3 previous, $4 end (Indian days): summed from order_daily_totals, a few rows per
 * day kept by triggers on orders (migration 20261202013000), where summing the orders themselves read
 * every order of 60 days (48,000 index entries at 1,000,000 orders, bench/PROFILE.md). Exported for the
 * query-plan test.
 */
export const WINDOW_TOTALS_SQL = `
    SELECT
      COALESCE(SUM(revenue_paise) FILTER (WHERE day >= $1::date), 0)::bigint AS "revenueLast",
      COALESCE(SUM(revenue_paise) FILTER (WHERE day < $1::date), 0)::bigint AS "revenuePrevious",
      COALESCE(SUM(orders) FILTER (WHERE day >= $1::date), 0)::bigint AS "ordersLast",
      COALESCE(SUM(orders) FILTER (WHERE day < $1::date), 0)::bigint AS "ordersPrevious",
      COALESCE(SUM(revenue_paise) FILTER (WHERE day >= $2::date), 0)::bigint AS "incomeToday",
      COALESCE(SUM(orders) FILTER (WHERE day >= $2::date), 0)::bigint AS "ordersToday"
    FROM order_daily_totals
    WHERE day >= $3::date AND day <= $4::date AND status <> 'cancelled'`

/**
 * Revenue (paise) and orders in [previous, last), [last, end] and [today, end], whole Indian days (the
 * windows start on day boundaries; the last one ends with today).
 */
export async function windowTotals(
  db: RawSql,
  w: { previous: Date; last: Date; today: Date; end: Date },
): Promise<WindowTotals> {
  const [row] = await db.$queryRawUnsafe<Record<keyof WindowTotals, bigint>[]>(
    WINDOW_TOTALS_SQL,
    indianDay(w.last),
    indianDay(w.today),
    indianDay(w.previous),
    indianDay(w.end),
  )
  return {
    revenueLast: Number(row!.revenueLast),
    revenuePrevious: Number(row!.revenuePrevious),
    ordersLast: Number(row!.ordersLast),
    ordersPrevious: Number(row!.ordersPrevious),
    incomeToday: Number(row!.incomeToday),
    ordersToday: Number(row!.ordersToday),
  }
}

/** $1 from, $2 end (Indian days). Exported for the query-plan test. */
export const DAILY_REVENUE_SQL = `
    SELECT to_char(day, 'YYYY-MM-DD') AS day, SUM(revenue_paise)::bigint AS paise
    FROM order_daily_totals
    WHERE day >= $1::date AND day <= $2::date AND status <> 'cancelled'
    GROUP BY day`

/** Revenue (paise) per Indian calendar day from `from`'s day to `end`'s; days without orders are absent. */
export async function dailyRevenue(db: RawSql, from: Date, end: Date): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<{ day: string; paise: bigint }[]>(
    DAILY_REVENUE_SQL,
    indianDay(from),
    indianDay(end),
  )
  return new Map(rows.map((r) => [r.day, Number(r.paise)]))
}

/** Accounts registered in [previous, last) and [last, end). */
export async function newCustomerCounts(
  db: RawSql,
  w: { previous: Date; last: Date; end: Date },
): Promise<{ last: number; previous: number }> {
  const [row] = await db.$queryRawUnsafe<{ last: bigint; previous: bigint }[]>(
    `
    SELECT COUNT(*) FILTER (WHERE registered_at >= $1) AS last,
           COUNT(*) FILTER (WHERE registered_at < $1) AS previous
    FROM customer
    WHERE registered_at >= $2 AND registered_at <= $3`,
    w.last,
    w.previous,
    w.end,
  )
  return { last: Number(row!.last), previous: Number(row!.previous) }
}

export type RecentCustomerRow = {
  userId: string
  /** From the customer replica; null when the account has not been heard of. */
  name: string | null
  email: string | null
  /** The name on the customer's latest order. */
  orderName: string
  spentPaise: number
  orders: number
}

/** How many orders one step of the walk for recent customers reads (newest first). */
const RECENT_WALK = 200

/** One step of that walk ($1 rows from offset $2): customers of the orders newest first. Exported for the query-plan test. */
export const RECENT_WALK_SQL = `SELECT user_id AS "userId" FROM orders ORDER BY created_at DESC, user_id LIMIT $1 OFFSET $2`

/**
 * The `limit` customers whose latest order is newest, newest first, with their totals over every order
 * that was not cancelled. The orders are walked newest first along the created_at index until `limit`
 * customers have been seen (usually within the first step), then each one's totals are summed over their
 * own orders (the user_id index): the cost follows `limit`, not the number of orders in the store.
 */
export async function recentCustomers(db: RawSql, limit: number): Promise<RecentCustomerRow[]> {
  const ids: string[] = []
  for (let offset = 0; ids.length < limit; offset += RECENT_WALK) {
    const walked = await db.$queryRawUnsafe<{ userId: string }[]>(RECENT_WALK_SQL, RECENT_WALK, offset)
    for (const { userId } of walked) if (ids.length < limit && !ids.includes(userId)) ids.push(userId)
    if (walked.length < RECENT_WALK) break
  }
  if (ids.length === 0) return []
  const rows = await db.$queryRawUnsafe<
    {
      userId: string
      name: string | null
      email: string | null
      orderName: string
      spent: bigint
      orders: bigint
    }[]
  >(
    `
    SELECT u.user_id AS "userId", c.name, c.email, totals.spent, totals.orders, latest.customer_name AS "orderName"
    FROM unnest($1::text[]) WITH ORDINALITY AS u(user_id, position)
    LEFT JOIN customer c ON c.id = u.user_id
    CROSS JOIN LATERAL (
      SELECT COALESCE(SUM(total_paise) FILTER (WHERE status <> 'cancelled'), 0)::bigint AS spent,
             COUNT(*) FILTER (WHERE status <> 'cancelled') AS orders
      FROM orders o WHERE o.user_id = u.user_id) totals
    CROSS JOIN LATERAL (
      SELECT customer_name FROM orders o WHERE o.user_id = u.user_id ORDER BY o.created_at DESC LIMIT 1) latest
    ORDER BY u.position`,
    ids,
  )
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    orderName: r.orderName,
    spentPaise: Number(r.spent),
    orders: Number(r.orders),
  }))
}
