import { OutOfStock } from '@medstore/catalogue-kit'
import type { Reservation, ReservationRequest } from '@medstore/contracts/stock'
import { type Logger, NotFound, type RawSql, sqlOver, sqlTransaction } from '@medstore/service-kit'
import type pg from 'pg'
import {
  confirmHeld,
  holdAgain,
  lockReservation,
  markConfirmed,
  markExpired,
  markReleased,
  recordShortfall,
  reserveAtOnce,
  returnStock,
  stockLevels,
  takeStock,
} from '../data/reservations'
import type { ProductRecord } from '../domain/product-view'
import {
  normaliseLines,
  type Refusal,
  refusalOf,
  type StockLine,
  shortageMessage,
  untakenLines,
} from '../domain/reservation'
import type { ReservationLeasePolicy } from '../domain/reservation-lease'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Why the lines `taken` does not cover could not be taken (read under the locks the take holds). */
async function refusal(sql: RawSql, lines: StockLine[], taken: ProductRecord[]): Promise<Refusal> {
  const untaken = untakenLines(lines, taken)
  return refusalOf(
    untaken,
    await stockLevels(
      sql,
      untaken.map((line) => line.productId),
    ),
  )
}

const refusalError = (refused: Refusal) =>
  'missing' in refused
    ? new NotFound(`Product not found: ${refused.missing}`)
    : new OutOfStock(shortageMessage(refused.shortages), refused.shortages)

/** Puts units back (duplicates added up: one UPDATE applies one line per product); deleted products are skipped. */
const giveBack = (sql: RawSql, lines: StockLine[]) => returnStock(sql, normaliseLines(lines))

/**
 * Stock reservations for the order service. `sql` is the catalogue's pg pool: reserving runs on the order
 * hot path, so a new order's reservation is one plain SQL statement (reserveAtOnce), not a transaction.
 */
export function reservationUseCases(sql: pg.Pool, logger: Logger) {
  const pool = sqlOver(sql)
  /**
   * order.created for a reservation that is not simply held: when the sweeper had already given its units
   * back (the event came later than the lease, e.g. after a broker outage), they are taken again if the
   * stock allows; otherwise the order stands without stock, which is recorded on the reservation and logged
   * as an error for a person to settle. Taking from other orders, or refusing an order the customer has
   * been told is placed, would both be worse.
   */
  async function confirmUnheld(tx: RawSql, orderId: string): Promise<void> {
    const existing = await lockReservation(tx, orderId)
    if (!existing) {
      logger.warn({ orderId }, 'order.created for an order the catalogue holds no reservation for')
      return
    }
    if (existing.confirmed) return
    // Released by the placement or a cancellation (not by the lease): nothing is owed.
    if (existing.status === 'released' && existing.expired) {
      const lines = normaliseLines(existing.items)
      const taken = await takeStock(tx, lines)
      if (taken.length < lines.length) {
        // Read while the take still holds its locks, then the units it did take go back.
        const refused = await refusal(tx, lines, taken)
        const untaken = untakenLines(lines, taken)
        if (taken.length)
          await returnStock(
            tx,
            lines.filter((line) => !untaken.includes(line)),
          )
        if ('missing' in refused) throw refusalError(refused)
        await recordShortfall(tx, orderId, refused.shortages)
        logger.error(
          { orderId, shortages: refused.shortages },
          'ORDER WITHOUT STOCK: order.created arrived after its reservation expired and the stock is gone',
        )
        return
      }
      await holdAgain(tx, orderId, existing.items)
      logger.warn({ orderId }, 'order.created arrived after its reservation expired; stock taken again')
    }
    await markConfirmed(tx, orderId)
  }

  return {
    /**
     * Takes every line's units or none. A second call with the same orderId answers the first one's
     * reservation while it holds stock; once released (its lease expired, or the placement gave it back)
     * and never confirmed by an order, the call holds the units again: the order service is retrying a
     * placement that has not committed, and a released reservation must not pass for a held one.
     */
    async reserve(request: ReservationRequest): Promise<Reservation> {
      const lines = normaliseLines(request.items)
      const unknown = lines.filter((l) => !UUID.test(l.productId)).map((l) => l.productId)
      if (unknown.length) throw new NotFound(`Product not found: ${unknown.join(', ')}`)
      const reserved = { orderId: request.orderId, status: 'reserved' as const, items: lines }
      const first = await reserveAtOnce(pool, request.orderId, lines)
      if (first === 'reserved') return reserved
      // Read without locks, only to say why: nothing was taken.
      if (first === 'refused') throw refusalError(await refusal(pool, lines, []))
      return sqlTransaction(sql, async (tx) => {
        const existing = (await lockReservation(tx, request.orderId))!
        const { orderId, status, items } = existing
        if (status === 'reserved' || existing.confirmed) return { orderId, status, items }
        await holdAgain(tx, request.orderId, lines)
        const taken = await takeStock(tx, lines)
        // Thrown inside the transaction, so every line taken (and the hold) rolls back.
        if (taken.length < lines.length) throw refusalError(await refusal(tx, lines, taken))
        return reserved
      })
    },

    /** Gives a reservation's units back, once; later calls answer the released reservation. */
    async release(orderId: string): Promise<Reservation> {
      return sqlTransaction(sql, async (tx) => {
        const lines = await markReleased(tx, orderId)
        if (!lines) {
          const existing = await lockReservation(tx, orderId)
          if (!existing) throw new NotFound(`No reservation for order ${orderId}`)
          return { orderId, status: existing.status, items: existing.items }
        }
        await giveBack(tx, lines)
        return { orderId, status: 'released' as const, items: lines }
      })
    },

    /**
     * A batch of order.created was consumed (in the batch's transaction): each order's reservation is kept
     * for good. Held reservations, the common case, are confirmed with one statement for the whole batch;
     * any other goes through confirmUnheld. Orders do not depend on each other here, so any batch will do.
     */
    async confirmOrders(tx: RawSql, orderIds: string[]): Promise<void> {
      const confirmed = await confirmHeld(tx, orderIds)
      for (const orderId of orderIds) if (!confirmed.has(orderId)) await confirmUnheld(tx, orderId)
    },

    /**
     * Gives back the stock of reservations no order confirmed within the lease: each batch in one
     * transaction with its products marked for the stock announcer. Answers how many reservations expired.
     */
    async expireLeases(policy: Pick<ReservationLeasePolicy, 'leaseMs' | 'batchSize'>): Promise<number> {
      let expired = 0
      for (;;) {
        const batch = await sqlTransaction(sql, async (tx) => {
          const rows = await markExpired(tx, policy.leaseMs, policy.batchSize)
          await giveBack(
            tx,
            rows.flatMap((r) => r.items),
          )
          return rows
        })
        if (batch.length) logger.warn({ orderIds: batch.map((r) => r.orderId) }, 'reservation leases expired')
        expired += batch.length
        if (batch.length < policy.batchSize) return expired
      }
    },
  }
}

export type ReservationUseCases = ReturnType<typeof reservationUseCases>
