import type { RawSql } from '@medstore/service-kit'

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
 * $1 last, $2 today, $3 previous, $4 end: one range scan of the (created_at, seq, status, total_paise) index,
 * from the index alone. Exported for the query-plan test.
 */
export const WINDOW_TOTALS_SQL = `
    SELECT
      COALESCE(SUM(total_paise) FILTER (WHERE created_at >= $1), 0)::bigint AS "revenueLast",
      COALESCE(SUM(total_paise) FILTER (WHERE created_at < $1), 0)::bigint AS "revenuePrevious",
      COUNT(*) FILTER (WHERE created_at >= $1) AS "ordersLast",
      COUNT(*) FILTER (WHERE created_at < $1) AS "ordersPrevious",
      COALESCE(SUM(total_paise) FILTER (WHERE created_at >= $2), 0)::bigint AS "incomeToday",
      COUNT(*) FILTER (WHERE created_at >= $2) AS "ordersToday"
    FROM orders
    WHERE created_at >= $3 AND created_at <= $4 AND status <> 'cancelled'`

/** Revenue (paise) and orders in [previous, last), [last, end) and [today, end). */
export async function windowTotals(
  db: RawSql,
  w: { previous: Date; last: Date; today: Date; end: Date },
): Promise<WindowTotals> {
  const [row] = await db.$queryRawUnsafe<Record<keyof WindowTotals, bigint>[]>(
    WINDOW_TOTALS_SQL,
    w.last,
    w.today,
    w.previous,
    w.end,
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

/** Revenue (paise) per Indian calendar day from `from` to `end`; days without orders are absent. */
export async function dailyRevenue(db: RawSql, from: Date, end: Date): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<{ day: string; paise: bigint }[]>(
    `
    SELECT to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day,
           SUM(total_paise)::bigint AS paise
    FROM orders
    WHERE created_at >= $1 AND created_at <= $2 AND status <> 'cancelled'
    GROUP BY 1`,
    from,
    end,
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
