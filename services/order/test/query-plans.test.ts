import { ORDER_COUNT_CAP, SHORT_NAME_WINDOW } from '@medstore/contracts/order'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OrderFilters, orderListSql } from '../src/data/order-repository'
import { DAILY_REVENUE_SQL, RECENT_WALK_SQL, WINDOW_TOTALS_SQL } from '../src/data/statistics'
import { Prisma } from '../src/generated/prisma/client'
import { startWorld, type World } from './helpers'

/*
 * The plans PostgreSQL picks for the listings whose cost used to grow with the store (issue 35), on enough
 * orders (60,000, analysed) that the planner's choice is the one it makes on a large store: a Seq Scan of
 * every order, or a Sort of every match, is cheaper than an index only on a small table. The statements are
 * the repository's own (orderListSql, RECENT_WALK_SQL), so a change of their shape is checked here.
 */

const ORDERS = 60_000

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }

let w: World

async function plan(sql: Prisma.Sql): Promise<PlanNode> {
  const [row] = await w.order.db.$queryRaw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
    Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`,
  )
  return row!['QUERY PLAN'][0].Plan
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)]
const describePlan = (node: PlanNode, depth = 0): string =>
  [
    `${'  '.repeat(depth)}${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`,
    ...(node.Plans ?? []).map((child) => describePlan(child, depth + 1)),
  ].join('\n')
const seqScansOfOrders = (root: PlanNode) =>
  nodes(root).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'orders')
/** A Sort of the matches (an Incremental Sort of rows already in created_at order is fine). */
const fullSorts = (root: PlanNode) => nodes(root).filter((n) => n['Node Type'] === 'Sort')

type Analysed = PlanNode & {
  'Actual Rows': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: Analysed[]
}

/** Runs a statement under EXPLAIN ANALYZE: how many orders its scans of the orders read, kept or removed. */
async function ordersRead(sql: Prisma.Sql): Promise<{ tested: number; shown: string }> {
  const [row] = await w.order.db.$queryRaw<{ 'QUERY PLAN': [{ Plan: Analysed }] }[]>(
    Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
  )
  const root = row!['QUERY PLAN'][0].Plan
  const tested = (nodes(root) as Analysed[])
    .filter((n) => n['Relation Name'] === 'orders')
    .reduce(
      (sum, n) =>
        sum +
        n['Actual Rows'] +
        (n['Rows Removed by Filter'] ?? 0) +
        (n['Rows Removed by Index Recheck'] ?? 0),
      0,
    )
  return { tested, shown: describePlan(root) }
}

beforeAll(async () => {
  w = await startWorld()
  // Three years of orders, every status, customers with a dozen surnames; one customer, "Zubin Rare", has 20.
  await w.order.db.$executeRawUnsafe(
    `INSERT INTO orders (id, seq, number, user_id, customer_name, phone_number, country, state, city,
       address_line1, address_line2, postal_code, street, house_number, payment_type, payment_status,
       total_paise, status, created_at, updated_at)
     SELECT 'plan-order-' || g, g, 'MS-P' || g, 'plan-user-' || (g % 6000),
       CASE WHEN g % 3000 = 0 THEN 'Zubin Rare'
            ELSE (ARRAY['Asha', 'Ravi', 'Meera', 'Arjun'])[1 + g % 4] || ' ' ||
                 (ARRAY['Sharma', 'Iyer', 'Reddy', 'Patel', 'Nair', 'Gupta', 'Das', 'Singh', 'Menon', 'Joshi', 'Rao', 'Bose'])[1 + g % 12] END,
       '9876543210', 'India', 'Karnataka', 'Bengaluru', '12 MG Road', '', '560001', 'MG Road', '12', 'cash', 'pending',
       5000 + (g * 7919) % 500000,
       (ARRAY['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'cancelled', 'pending', 'processing', 'shipped'])[1 + g % 10]::"OrderStatus",
       now() - (g * interval '26 minutes'), now()
     FROM generate_series(1, $1::int) g`,
    ORDERS,
  )
  await w.order.db.$executeRawUnsafe('VACUUM ANALYZE orders')
}, 120_000)

afterAll(async () => {
  await w?.close()
})

const lists: [string, OrderFilters][] = [
  ['every order', {}],
  ['a status', { status: 'delivered' }],
  ['a day', { from: new Date(Date.now() - 400 * 86_400_000), to: new Date(Date.now() - 399 * 86_400_000) }],
  ['a rare name', { name: 'zubin' }],
  ['a customer (My Orders)', { userId: 'plan-user-42' }],
  ['a rare amount ("total contains")', { price: '512.37' }],
]

describe('query plans on a large store', () => {
  for (const [what, filters] of lists) {
    it(`All Orders by ${what}: first and deep pages read an index, not every order`, async () => {
      for (const offset of [0, 4_000]) {
        const root = await plan(orderListSql({ ...filters, limit: 5, offset }).page)
        expect(seqScansOfOrders(root), describePlan(root)).toEqual([])
        // A customer's page, from the index alone (no heap page per order of a customer with hundreds).
        if (filters.userId)
          expect(
            nodes(root).map((n) => n['Node Type']),
            describePlan(root),
          ).toContain('Index Only Scan')
        // A rare amount is found by the trigram index on the amount's text, not by computing every order's.
        if (filters.price)
          expect(
            nodes(root).some((n) => n['Node Type'] === 'Bitmap Index Scan'),
            describePlan(root),
          ).toBe(true)
        // Newest first straight from an index: no Sort of every match (the few matches of a rare name or
        // amount, found by trigrams, are sorted).
        if (!filters.name && !filters.price) expect(fullSorts(root), describePlan(root)).toEqual([])
      }
    })
  }

  it('All Orders by a common name or amount: a deep page walks the index alone, no heap page per order tested', async () => {
    for (const filters of [{ name: 'sharma' }, { price: '5' }] satisfies OrderFilters[]) {
      const root = await plan(orderListSql({ ...filters, limit: 10, offset: ORDER_COUNT_CAP - 10 }).page)
      expect(seqScansOfOrders(root), describePlan(root)).toEqual([])
      expect(
        nodes(root).some((n) => n['Node Type'] === 'Index Only Scan' && n['Relation Name'] === 'orders'),
        describePlan(root),
      ).toBe(true)
    }
  })

  it('All Orders by a name of one or two letters that nothing matches: tests the newest orders only, not every one', async () => {
    for (const statement of ['page', 'count'] as const) {
      const { tested, shown } = await ordersRead(
        orderListSql({ name: 'qx', limit: 10, offset: 0 })[statement],
      )
      expect(tested, `${statement}\n${shown}`).toBeGreaterThan(0)
      expect(tested, `${statement}\n${shown}`).toBeLessThanOrEqual(SHORT_NAME_WINDOW)
    }
  })

  it('All Orders, the next page after a deep one: read from its place, as few orders as the first page', async () => {
    for (const filters of [
      { status: 'delivered' },
      { name: 'sharma' },
      { price: '5' },
    ] satisfies OrderFilters[]) {
      const deep = await w.order.db.$queryRaw<{ created_at: Date; seq: number }[]>(
        Prisma.sql`SELECT created_at, seq FROM orders WHERE id IN (${orderListSql({ ...filters, limit: 1, offset: ORDER_COUNT_CAP - 11 }).page})`,
      )
      const after = { at: deep[0]!.created_at, seq: deep[0]!.seq }
      const first = await ordersRead(orderListSql({ ...filters, limit: 10, offset: 0 }).page)
      const next = await ordersRead(orderListSql({ ...filters, limit: 10, after }).page)
      expect(next.tested, `${JSON.stringify(filters)}\n${next.shown}`).toBeLessThanOrEqual(
        2 * first.tested + 20,
      )
      // And they are the orders the deep page by offset holds.
      const ids = (sql: Prisma.Sql) => w.order.db.$queryRaw<{ id: string }[]>(sql)
      expect(await ids(orderListSql({ ...filters, limit: 10, after }).page)).toEqual(
        await ids(orderListSql({ ...filters, limit: 10, offset: ORDER_COUNT_CAP - 10 }).page),
      )
    }
  })

  it('counts the matches of a list only up to the cap: the count stops, whatever the store holds', async () => {
    for (const [, filters] of lists) {
      const root = await plan(orderListSql({ ...filters, limit: 5, offset: 0 }).count)
      // Aggregate over a Limit: the scan below stops at ORDER_COUNT_CAP + 1 rows.
      expect(root['Node Type'], describePlan(root)).toBe('Aggregate')
      expect(
        nodes(root).some((n) => n['Node Type'] === 'Limit'),
        describePlan(root),
      ).toBe(true)
    }
  })

  it("the dashboard's recent customers walk the newest orders along an index", async () => {
    const [row] = await w.order.db.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `EXPLAIN (FORMAT JSON) ${RECENT_WALK_SQL}`,
      200,
      0,
    )
    const root = row!['QUERY PLAN'][0].Plan
    expect(seqScansOfOrders(root), describePlan(root)).toEqual([])
    expect(fullSorts(root), describePlan(root)).toEqual([])
  })

  it("the dashboard's windows and daily revenue read the daily totals, not the orders", async () => {
    const statements: [string, string[]][] = [
      [WINDOW_TOTALS_SQL, ['2026-11-03', '2026-12-02', '2026-10-04', '2026-12-02']],
      [DAILY_REVENUE_SQL, ['2026-11-03', '2026-12-02']],
    ]
    for (const [sql, values] of statements) {
      const [row] = await w.order.db.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
        `EXPLAIN (FORMAT JSON) ${sql}`,
        ...values,
      )
      const root = row!['QUERY PLAN'][0].Plan
      const relations = nodes(root).flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : []))
      expect(relations, describePlan(root)).toEqual(['order_daily_totals'])
      expect(
        nodes(root).some((n) => n['Node Type'] === 'Seq Scan'),
        describePlan(root),
      ).toBe(false)
    }
  })

  it('keeps the daily totals equal to the orders through inserts, status changes, backdating and deletes', async () => {
    const db = w.order.db
    await db.$executeRawUnsafe(
      `UPDATE orders SET status = 'cancelled' WHERE seq % 97 = 0 AND status <> 'cancelled'`,
    )
    await db.$executeRawUnsafe(
      `UPDATE orders SET created_at = created_at - interval '3 days', total_paise = total_paise + 1 WHERE seq % 89 = 0`,
    )
    await db.$executeRawUnsafe(`UPDATE orders SET updated_at = now() WHERE seq % 83 = 0`)
    await db.$executeRawUnsafe(`DELETE FROM orders WHERE seq % 1009 = 0`)
    const difference = await db.$queryRawUnsafe<unknown[]>(
      `WITH kept AS (SELECT day, status, sum(orders)::bigint AS orders, sum(revenue_paise)::bigint AS paise
                     FROM order_daily_totals GROUP BY 1, 2 HAVING sum(orders) <> 0),
            actual AS (SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, status,
                              count(*)::bigint AS orders, sum(total_paise)::bigint AS paise
                       FROM orders GROUP BY 1, 2)
       (SELECT * FROM kept EXCEPT SELECT * FROM actual) UNION ALL (SELECT * FROM actual EXCEPT SELECT * FROM kept)`,
    )
    expect(difference).toEqual([])
    const [kept] = await db.$queryRawUnsafe<{ orders: number }[]>(
      'SELECT sum(orders)::int AS orders FROM order_daily_totals',
    )
    expect(kept!.orders).toBe(ORDERS - Math.floor(ORDERS / 1009))
  })
})

describe('All Orders on a large store: counted up to the cap, paged as far as it', () => {
  const list = async (query: string) => {
    const res = await w.api('GET', `/order?${query}`, { token: w.admin })
    expect(res.status, res.text).toBe(200)
    return res.body as {
      orders: { shippingInfo: { customerName: string } }[]
      total: number
      totalCapped: boolean
      searchedNewest?: number
    }
  }

  it('says "more than the cap" for a broad filter, counted (a status) or expected by the planner (a common name)', async () => {
    for (const query of ['status=delivered', 'name=sharma', 'name=a', 'price=5']) {
      const body = await list(`${query}&page=1&limit=5`)
      expect(body, query).toMatchObject({ total: ORDER_COUNT_CAP, totalCapped: true })
      expect(body.orders).toHaveLength(5)
    }
  })

  it('counts a narrow filter exactly', async () => {
    const body = await list('name=zubin&page=1&limit=5')
    expect(body).toMatchObject({ total: ORDERS / 3000, totalCapped: false })
    expect(body.orders.every((o) => o.shippingInfo.customerName === 'Zubin Rare')).toBe(true)
  })

  it('looks for a name of one or two letters among the newest orders only, and says so', async () => {
    const [expected] = await w.order.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (SELECT customer_name, row_number() OVER (ORDER BY created_at DESC) AS place
       FROM orders) o WHERE place <= $1 AND customer_name ILIKE '%zu%'`,
      SHORT_NAME_WINDOW,
    )
    const short = await list('name=zu&page=1&limit=50')
    expect(short).toMatchObject({ total: expected!.n, totalCapped: false, searchedNewest: SHORT_NAME_WINDOW })
    expect(short.total).toBeLessThan(ORDERS / 3000)
    // Three letters: found by the trigram index in every order, and nothing said.
    const full = await list('name=zub&page=1&limit=50')
    expect(full.total).toBe(ORDERS / 3000)
    expect(full.searchedNewest).toBeUndefined()
  })

  it('steps to the next and previous page from the places a page answers, the same orders as by number', async () => {
    type Page = { orders: { _id: string }[]; cursors: { newest: string; oldest: string } }
    const ids = (page: Page) => page.orders.map((o) => o._id)
    for (const filter of ['status=delivered', 'name=sharma', 'price=5']) {
      const page3 = (await list(`${filter}&page=3&limit=5`)) as unknown as Page
      const page4 = (await list(`${filter}&page=4&limit=5`)) as unknown as Page
      const next = (await list(`${filter}&page=4&limit=5&after=${page3.cursors.oldest}`)) as unknown as Page
      expect(ids(next), filter).toEqual(ids(page4))
      const previous = (await list(
        `${filter}&page=3&limit=5&before=${page4.cursors.newest}`,
      )) as unknown as Page
      expect(ids(previous), filter).toEqual(ids(page3))
    }
    const refused = await w.api('GET', '/order?page=2&limit=5&after=12;DROP', { token: w.admin })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('after must be a place a list of orders answered')
  })

  it('answers the last page within the cap, and no orders beyond it', async () => {
    const lastPage = ORDER_COUNT_CAP / 5
    expect((await list(`status=delivered&page=${lastPage}&limit=5`)).orders).toHaveLength(5)
    const beyond = await list(`status=delivered&page=${lastPage + 1}&limit=5`)
    expect(beyond).toMatchObject({ orders: [], total: ORDER_COUNT_CAP, totalCapped: true })
  })
})
