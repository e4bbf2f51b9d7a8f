import type { Reservation } from '@medstore/contracts/stock'
import type { StockLine } from '../domain/reservation'
import type { Queryable, Tx } from './db'

/**
 * Records a reservation unless one exists for the order. A concurrent call for the same order waits on
 * the key until the first commits (then finds it) or rolls back (then records its own).
 */
export async function claimReservation(tx: Tx, orderId: string, lines: StockLine[]): Promise<boolean> {
  const inserted = await tx.$executeRaw`INSERT INTO reservation (order_id, status, items)
    VALUES (${orderId}, 'reserved', ${JSON.stringify(lines)}::jsonb) ON CONFLICT (order_id) DO NOTHING`
  return inserted === 1
}

export async function findReservation(db: Queryable, orderId: string): Promise<Reservation | undefined> {
  const row = await db.reservation.findUnique({ where: { orderId } })
  return row ? { orderId: row.orderId, status: row.status, items: row.items as StockLine[] } : undefined
}

/** Marks a reservation released, once: its lines when this call released it, undefined otherwise. */
export async function markReleased(tx: Tx, orderId: string): Promise<StockLine[] | undefined> {
  const rows = await tx.$queryRaw<{ items: StockLine[] }[]>`UPDATE reservation
    SET status = 'released', released_at = now() WHERE order_id = ${orderId} AND status = 'reserved'
    RETURNING items`
  return rows[0]?.items
}
