// What the databases say after a drill: acknowledged orders found, their order.created events published
// and applied (messaging keeps one notification per event), nothing applied twice, no stock left reserved
// for an order that does not exist.
import pg from 'pg'
import { waitUntil } from './ports'
import type { ServiceName } from './shop-processes'

export interface Audit {
  acknowledged: number
  found: number
  /** order.created events still waiting in the order service's outbox. */
  unpublished: number
  /** Acknowledged orders whose order.created the messaging service applied. */
  delivered: number
  /** Orders with more than one order.created notification (an event applied twice, or published twice). */
  appliedTwice: number
  /** Inbox rows recorded twice for one event by one consumer, summed over the services. */
  inboxDuplicates: number
  /** Reservations still holding stock for an order id the order service does not have (after the lease). */
  orphanReservations: number
  /** Reservations the catalogue's sweeper gave back because no order appeared within the lease. */
  expiredLeases: number
  /** Orders whose order.created came after their lease expired and found the stock gone. */
  ordersWithoutStock: number
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

const count = async (url: string, sql: string, params: unknown[] = []) =>
  Number((await query<{ n: string }>(url, sql, params))[0]?.n ?? 0)

/** How many of the given order ids the order service's database holds. */
export const foundOrders = (orderDb: string, ids: readonly string[]) =>
  count(orderDb, 'SELECT count(*) AS n FROM orders WHERE id = ANY($1)', [ids])

/** Waits (up to `settleMs`) for the outbox to drain and events to be applied, then audits. */
export async function auditOrders(
  databases: Record<ServiceName, string>,
  acknowledged: readonly string[],
  settleMs = 60_000,
): Promise<Audit> {
  const delivered = () =>
    count(
      databases.messaging,
      `SELECT count(DISTINCT order_id) AS n FROM notifications WHERE kind = 'order.created' AND order_id = ANY($1)`,
      [acknowledged],
    )
  await waitUntil(async () => (await delivered()) >= acknowledged.length, settleMs, 500)
  const found = await foundOrders(databases.order, acknowledged)
  const unpublished = await count(databases.order, `SELECT count(*) AS n FROM eventbus.outbox`)
  const appliedTwice = await count(
    databases.messaging,
    `SELECT count(*) AS n FROM (SELECT order_id FROM notifications WHERE kind = 'order.created'
       GROUP BY order_id HAVING count(*) > 1) twice`,
  )
  let inboxDuplicates = 0
  for (const url of Object.values(databases))
    inboxDuplicates += await count(
      url,
      `SELECT count(*) AS n FROM (SELECT 1 FROM eventbus.inbox GROUP BY consumer, event_id HAVING count(*) > 1) d`,
    )
  const orphans = async () => {
    const orders = new Set(
      (await query<{ id: string }>(databases.order, 'SELECT id FROM orders')).map((r) => r.id),
    )
    const reserved = await query<{ order_id: string }>(
      databases.catalogue,
      `SELECT order_id FROM reservation WHERE status = 'reserved'`,
    )
    return reserved.filter((r) => !orders.has(r.order_id)).length
  }
  // A reservation whose order never appeared is given back when its lease runs out: wait for that.
  await waitUntil(async () => (await orphans()) === 0, settleMs, 1_000)
  return {
    acknowledged: acknowledged.length,
    found,
    unpublished,
    delivered: await delivered(),
    appliedTwice,
    inboxDuplicates,
    orphanReservations: await orphans(),
    expiredLeases: await count(
      databases.catalogue,
      'SELECT count(*) AS n FROM reservation WHERE expired_at IS NOT NULL',
    ),
    ordersWithoutStock: await count(
      databases.catalogue,
      'SELECT count(*) AS n FROM reservation WHERE shortfall IS NOT NULL',
    ),
  }
}

/** One line per figure, prefixed with the drill's name, so the README can quote them. */
export function printFigures(drill: string, figures: Record<string, string | number>): void {
  for (const [name, value] of Object.entries(figures)) console.log(`[drill] ${drill}: ${name}: ${value}`)
}
