import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OrderFilters, orderListSql } from '../src/data/order-repository'
import { RECENT_WALK_SQL, WINDOW_TOTALS_SQL } from '../src/data/statistics'
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
]

describe('query plans on a large store', () => {
  for (const [what, filters] of lists) {
    it(`All Orders by ${what}: first and deep pages read an index, not every order`, async () => {
      for (const offset of [0, 4_000]) {
        const root = await plan(orderListSql({ ...filters, limit: 5, offset }).page)
        expect(seqScansOfOrders(root), describePlan(root)).toEqual([])
        // Newest first straight from an index: no Sort of every match (a handful of rows may be sorted).
        if (!filters.name && !filters.userId) expect(fullSorts(root), describePlan(root)).toEqual([])
      }
    })
  }

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

  it("the dashboard's 30-day windows are summed from the index alone", async () => {
    const day = 86_400_000
    const now = Date.now()
    const [row] = await w.order.db.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `EXPLAIN (FORMAT JSON) ${WINDOW_TOTALS_SQL}`,
      new Date(now - 30 * day),
      new Date(now - day),
      new Date(now - 60 * day),
      new Date(now),
    )
    const root = row!['QUERY PLAN'][0].Plan
    expect(
      nodes(root).some((n) => n['Node Type'] === 'Index Only Scan'),
      describePlan(root),
    ).toBe(true)
    expect(seqScansOfOrders(root), describePlan(root)).toEqual([])
  })
})
