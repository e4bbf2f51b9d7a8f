import type { Reservation } from '@medstore/contracts/stock'
import type { RawSql } from '@medstore/service-kit'
import type { ProductRecord } from '../domain/product-view'
import type { Shortage, StockLevel, StockLine } from '../domain/reservation'
import { COLUMNS } from './products'
import { markProductsIn } from './stock-announcements'

// Plain SQL over RawSql, as everything the catalogue reads and writes (./db.ts): the reservation runs on the
// pool and confirmOrder in the event consumer's transaction, with the same statements.

/** Units to take or give back, as two parallel arrays for unnest(). */
const columnsOf = (lines: StockLine[]) => [lines.map((l) => l.productId), lines.map((l) => l.quantity)]

/**
 * The lines' product rows locked in id order (every stock change locks through it, so two orders for the
 * same products wait for each other instead of deadlocking), with their stock and the units asked of each.
 * $1 ids, $2 units. `onlyIf` is checked before any row is locked.
 */
const lockLines = (onlyIf = 'true') => `SELECT x.id, x.stock, r.quantity FROM product x
    JOIN unnest($1::uuid[], $2::int[]) AS r(id, quantity) ON r.id = x.id
    WHERE ${onlyIf} ORDER BY x.id FOR UPDATE OF x`
const lockedLines = `(${lockLines()}) l`

/** Takes the units of every line that has enough stock, in one statement: the stock check is in SQL. */
const take = `UPDATE product p SET stock = p.stock - l.quantity, updated_at = now()
  FROM ${lockedLines}, category c
  WHERE p.id = l.id AND c.id = p.category_id AND p.stock >= l.quantity`

/**
 * `change` (an UPDATE of product rows returning COLUMNS) with its products marked for the stock announcer
 * (./stock-announcements) in the same statement, so no stock change can go unannounced. The marks commit
 * or roll back with the change.
 */
const marking = (change: string) => `changed AS (${change} RETURNING ${COLUMNS}),
  marked AS (${markProductsIn('changed')})`

/** What one statement made of a new reservation (./reservations reserveAtOnce). */
export type FirstReservation =
  /** Claimed, every line taken: committed. */
  | 'reserved'
  /** A reservation for the order exists (or a concurrent call claimed it first): nothing done. */
  | 'exists'
  /** A line's product is missing or short: nothing taken, nothing claimed. */
  | 'refused'

/**
 * A new order's reservation in one statement, on its own (no BEGIN/COMMIT: one round trip instead of
 * three on the order hot path): the lines' product rows are locked in id order, and only when every line
 * has enough stock is the reservation claimed, every line taken and the products marked for the stock
 * announcer. All of it commits or none of it. A reservation that exists is not touched: the caller handles
 * it in a transaction (reserve's slower path).
 */
export async function reserveAtOnce(
  sql: RawSql,
  orderId: string,
  lines: StockLine[],
): Promise<FirstReservation> {
  const [row] = await sql.$queryRawUnsafe<{ claimed: boolean; existed: boolean; enough: boolean }[]>(
    `WITH existing AS (SELECT FROM reservation WHERE order_id = $3),
     locked AS (${lockLines('NOT EXISTS (SELECT FROM existing)')}),
     enough AS (SELECT count(*) = $5 AND COALESCE(bool_and(stock >= quantity), false) AS ok FROM locked),
     claim AS (
       INSERT INTO reservation (order_id, status, items) SELECT $3, 'reserved', $4::jsonb FROM enough WHERE ok
       ON CONFLICT (order_id) DO NOTHING RETURNING order_id),
     ${marking(`UPDATE product p SET stock = p.stock - l.quantity, updated_at = now()
       FROM locked l, category c WHERE EXISTS (SELECT FROM claim) AND p.id = l.id AND c.id = p.category_id`)}
     SELECT EXISTS (SELECT FROM claim) AS claimed, EXISTS (SELECT FROM existing) AS existed,
       (SELECT ok FROM enough) AS enough`,
    ...columnsOf(lines),
    orderId,
    JSON.stringify(lines),
    lines.length,
  )
  if (row!.claimed) return 'reserved'
  // Enough stock but no claim: a concurrent call for the same order claimed it between the two.
  return row!.existed || row!.enough ? 'exists' : 'refused'
}

/** Takes the units of every line that has enough stock; the products it took from. */
export function takeStock(sql: RawSql, lines: StockLine[]): PromiseLike<ProductRecord[]> {
  return sql.$queryRawUnsafe<ProductRecord[]>(
    `WITH ${marking(take)} SELECT * FROM changed`,
    ...columnsOf(lines),
  )
}

/** Gives the lines' units back; products deleted since have nothing to return to and are left out. */
export function returnStock(sql: RawSql, lines: StockLine[]): PromiseLike<ProductRecord[]> {
  return sql.$queryRawUnsafe<ProductRecord[]>(
    `WITH ${marking(`UPDATE product p SET stock = p.stock + l.quantity, updated_at = now()
     FROM ${lockedLines}, category c WHERE p.id = l.id AND c.id = p.category_id`)}
     SELECT * FROM changed`,
    ...columnsOf(lines),
  )
}

/** What is left of each of these products (those that exist). */
export function stockLevels(sql: RawSql, productIds: string[]): PromiseLike<StockLevel[]> {
  return sql.$queryRawUnsafe<StockLevel[]>(
    'SELECT id::text AS id, name, stock FROM product WHERE id = ANY($1::uuid[])',
    productIds,
  )
}

/** A reservation with its lease state, locked until the transaction ends. */
export type LockedReservation = Reservation & { confirmed: boolean; expired: boolean }

export async function lockReservation(sql: RawSql, orderId: string): Promise<LockedReservation | undefined> {
  const rows = await sql.$queryRawUnsafe<
    { status: Reservation['status']; items: StockLine[]; confirmed: boolean; expired: boolean }[]
  >(
    `SELECT status::text AS status, items, confirmed_at IS NOT NULL AS confirmed, expired_at IS NOT NULL AS expired
     FROM reservation WHERE order_id = $1 FOR UPDATE`,
    orderId,
  )
  return rows[0] && { orderId, ...rows[0] }
}

/** Holds a released reservation again, on a new lease (its units are taken in the same transaction). */
export async function holdAgain(sql: RawSql, orderId: string, lines: StockLine[]): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE reservation SET status = 'reserved', items = $2::jsonb, held_at = now(), released_at = NULL,
       expired_at = NULL, shortfall = NULL WHERE order_id = $1`,
    orderId,
    JSON.stringify(lines),
  )
}

/**
 * These orders exist: their leases no longer apply. Only held, unconfirmed reservations are confirmed here
 * (the common case, one statement for a whole batch of order.created); the orders it answers are done, the
 * others go to the full check (released, expired, absent).
 */
export async function confirmHeld(sql: RawSql, orderIds: string[]): Promise<Set<string>> {
  const rows = await sql.$queryRawUnsafe<{ orderId: string }[]>(
    `UPDATE reservation SET confirmed_at = now()
     WHERE order_id = ANY($1::text[]) AND status = 'reserved' AND confirmed_at IS NULL
     RETURNING order_id AS "orderId"`,
    orderIds,
  )
  return new Set(rows.map((row) => row.orderId))
}

/** The order exists: the lease no longer applies. */
export async function markConfirmed(sql: RawSql, orderId: string): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE reservation SET confirmed_at = now() WHERE order_id = $1 AND confirmed_at IS NULL`,
    orderId,
  )
}

/** The order appeared after its lease expired and its units could not be taken again. */
export async function recordShortfall(sql: RawSql, orderId: string, shortages: Shortage[]): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE reservation SET confirmed_at = now(), shortfall = $2::jsonb WHERE order_id = $1`,
    orderId,
    JSON.stringify(shortages),
  )
}

/** Marks a reservation released, once: its lines when this call released it, undefined otherwise. */
export async function markReleased(sql: RawSql, orderId: string): Promise<StockLine[] | undefined> {
  const rows = await sql.$queryRawUnsafe<{ items: StockLine[] }[]>(
    `UPDATE reservation SET status = 'released', released_at = now()
     WHERE order_id = $1 AND status = 'reserved' RETURNING items`,
    orderId,
  )
  return rows[0]?.items
}

/**
 * Marks up to `limit` held reservations whose lease ran out (no order confirmed them) released, and
 * returns their lines. Rows another transaction holds (a release, a confirmation, another sweeper) are
 * skipped, not waited for: they are dealt with there, or at the next sweep.
 */
export function markExpired(
  sql: RawSql,
  leaseMs: number,
  limit: number,
): PromiseLike<{ orderId: string; items: StockLine[] }[]> {
  return sql.$queryRawUnsafe<{ orderId: string; items: StockLine[] }[]>(
    `UPDATE reservation r
     SET status = 'released', released_at = now(), expired_at = now()
     WHERE r.order_id IN (
       SELECT order_id FROM reservation
       WHERE status = 'reserved' AND confirmed_at IS NULL
         AND held_at < now() - make_interval(secs => $1::float8)
       ORDER BY held_at LIMIT $2::int FOR UPDATE SKIP LOCKED)
     RETURNING r.order_id AS "orderId", r.items`,
    leaseMs / 1000,
    limit,
  )
}
