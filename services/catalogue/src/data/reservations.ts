import type { Reservation } from '@medstore/contracts/stock'
import type { Shortage, StockLine } from '../domain/reservation'
import type { Tx } from './db'

/**
 * Records a reservation unless one exists for the order. A concurrent call for the same order waits on
 * the key until the first commits (then finds it) or rolls back (then records its own).
 */
export async function claimReservation(tx: Tx, orderId: string, lines: StockLine[]): Promise<boolean> {
  const inserted = await tx.$executeRaw`INSERT INTO reservation (order_id, status, items)
    VALUES (${orderId}, 'reserved', ${JSON.stringify(lines)}::jsonb) ON CONFLICT (order_id) DO NOTHING`
  return inserted === 1
}

/** A reservation with its lease state, locked until the transaction ends. */
export type LockedReservation = Reservation & { confirmed: boolean; expired: boolean }

export async function lockReservation(tx: Tx, orderId: string): Promise<LockedReservation | undefined> {
  const rows = await tx.$queryRaw<
    { status: Reservation['status']; items: StockLine[]; confirmed: boolean; expired: boolean }[]
  >`SELECT status, items, confirmed_at IS NOT NULL AS confirmed, expired_at IS NOT NULL AS expired
    FROM reservation WHERE order_id = ${orderId} FOR UPDATE`
  return rows[0] && { orderId, ...rows[0] }
}

/** Holds a released reservation again, on a new lease (its units are taken in the same transaction). */
export async function holdAgain(tx: Tx, orderId: string, lines: StockLine[]): Promise<void> {
  await tx.$executeRaw`UPDATE reservation SET status = 'reserved', items = ${JSON.stringify(lines)}::jsonb,
    held_at = now(), released_at = NULL, expired_at = NULL, shortfall = NULL WHERE order_id = ${orderId}`
}

/** The order exists: the lease no longer applies. */
export async function markConfirmed(tx: Tx, orderId: string): Promise<void> {
  await tx.$executeRaw`UPDATE reservation SET confirmed_at = now()
    WHERE order_id = ${orderId} AND confirmed_at IS NULL`
}

/** The order appeared after its lease expired and its units could not be taken again. */
export async function recordShortfall(tx: Tx, orderId: string, shortages: Shortage[]): Promise<void> {
  await tx.$executeRaw`UPDATE reservation SET confirmed_at = now(), shortfall = ${JSON.stringify(shortages)}::jsonb
    WHERE order_id = ${orderId}`
}

/** Marks a reservation released, once: its lines when this call released it, undefined otherwise. */
export async function markReleased(tx: Tx, orderId: string): Promise<StockLine[] | undefined> {
  const rows = await tx.$queryRaw<{ items: StockLine[] }[]>`UPDATE reservation
    SET status = 'released', released_at = now() WHERE order_id = ${orderId} AND status = 'reserved'
    RETURNING items`
  return rows[0]?.items
}

/**
 * Marks up to `limit` held reservations whose lease ran out (no order confirmed them) released, and
 * returns their lines. Rows another transaction holds (a release, a confirmation, another sweeper) are
 * skipped, not waited for: they are dealt with there, or at the next sweep.
 */
export async function markExpired(
  tx: Tx,
  leaseMs: number,
  limit: number,
): Promise<{ orderId: string; items: StockLine[] }[]> {
  return tx.$queryRaw<{ orderId: string; items: StockLine[] }[]>`UPDATE reservation r
    SET status = 'released', released_at = now(), expired_at = now()
    WHERE r.order_id IN (
      SELECT order_id FROM reservation
      WHERE status = 'reserved' AND confirmed_at IS NULL
        AND held_at < now() - make_interval(secs => ${leaseMs / 1000}::float8)
      ORDER BY held_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING r.order_id AS "orderId", r.items`
}
