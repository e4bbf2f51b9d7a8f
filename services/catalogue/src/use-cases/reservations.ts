import type { Reservation, ReservationRequest } from '@medstore/contracts/stock'
import { type Logger, NotFound, OutOfStock } from '@medstore/service-kit'
import type { Db, Tx } from '../data/db'
import { returnStock, stockOf, takeStock } from '../data/products'
import {
  claimReservation,
  holdAgain,
  lockReservation,
  markConfirmed,
  markExpired,
  markReleased,
  recordShortfall,
} from '../data/reservations'
import type { ProductRecord } from '../domain/product-view'
import { normaliseLines, type Shortage, type StockLine, shortageMessage } from '../domain/reservation'
import type { ReservationLeasePolicy } from '../domain/reservation-lease'
import { publishProductsUpserted } from '../events/catalogue-events'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// Under load many orders queue on the same rows; each transaction is short, so wait rather than fail.
const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 }

/**
 * Takes every line's units or none: one conditional UPDATE (stock >= quantity) per line in productId
 * order. When a line is short, the units already taken here are put back, so the caller's transaction
 * is unchanged whether it then commits or rolls back; every short line is reported.
 */
async function takeAll(
  tx: Tx,
  lines: StockLine[],
): Promise<{ ok: true; taken: ProductRecord[] } | { ok: false; shortages: Shortage[] }> {
  const taken: ProductRecord[] = []
  const takenLines: StockLine[] = []
  const shortages: Shortage[] = []
  for (const line of lines) {
    const product = shortages.length ? undefined : await takeStock(tx, line.productId, line.quantity)
    if (product) {
      taken.push(product)
      takenLines.push(line)
      continue
    }
    const current = await stockOf(tx, line.productId)
    if (!current) throw new NotFound(`Product not found: ${line.productId}`)
    if (current.stock < line.quantity)
      shortages.push({
        productId: line.productId,
        name: current.name,
        requested: line.quantity,
        available: current.stock,
      })
  }
  if (!shortages.length) return { ok: true, taken }
  await giveBack(tx, takenLines)
  return { ok: false, shortages }
}

/** Puts units back; products deleted since have nothing to return to. */
async function giveBack(tx: Tx, lines: StockLine[]): Promise<ProductRecord[]> {
  const returned: ProductRecord[] = []
  for (const line of normaliseLines(lines)) {
    const product = await returnStock(tx, line.productId, line.quantity)
    if (product) returned.push(product)
  }
  return returned
}

export function reservationUseCases(db: Db, publicApiUrl: string, logger: Logger) {
  return {
    /**
     * Takes every line's units or none. A second call with the same orderId answers the first one's
     * reservation while it holds stock; once released (its lease expired, or the placement gave it back)
     * and never confirmed by an order, the call holds the units again: the order service is retrying a
     * placement that has not committed, and a released reservation must not pass for a held one.
     */
    async reserve(request: ReservationRequest): Promise<Reservation> {
      const lines = normaliseLines(request.items)
      const reserved = { orderId: request.orderId, status: 'reserved' as const, items: lines }
      return db.$transaction(async (tx) => {
        if (!(await claimReservation(tx, request.orderId, lines))) {
          const existing = (await lockReservation(tx, request.orderId))!
          const { orderId, status, items } = existing
          if (status === 'reserved' || existing.confirmed) return { orderId, status, items }
          await holdAgain(tx, request.orderId, lines)
        }
        const unknown = lines.filter((l) => !UUID.test(l.productId)).map((l) => l.productId)
        if (unknown.length) throw new NotFound(`Product not found: ${unknown.join(', ')}`)
        const outcome = await takeAll(tx, lines)
        // Thrown inside the transaction, so every line (and the claim) rolls back.
        if (!outcome.ok) throw new OutOfStock(shortageMessage(outcome.shortages), outcome.shortages)
        await publishProductsUpserted(tx, outcome.taken, publicApiUrl)
        return reserved
      }, TX_OPTIONS)
    },

    /** Gives a reservation's units back, once; later calls answer the released reservation. */
    async release(orderId: string): Promise<Reservation> {
      return db.$transaction(async (tx) => {
        const lines = await markReleased(tx, orderId)
        if (!lines) {
          const existing = await lockReservation(tx, orderId)
          if (!existing) throw new NotFound(`No reservation for order ${orderId}`)
          return { orderId, status: existing.status, items: existing.items }
        }
        await publishProductsUpserted(tx, await giveBack(tx, lines), publicApiUrl)
        return { orderId, status: 'released' as const, items: lines }
      }, TX_OPTIONS)
    },

    /**
     * order.created was consumed (in the event's transaction): the reservation is kept for good. When the
     * sweeper had already given its units back (the event came later than the lease, e.g. after a broker
     * outage), they are taken again if the stock allows; otherwise the order stands without stock, which
     * is recorded on the reservation and logged as an error for a person to settle. Taking from other
     * orders, or refusing an order the customer has been told is placed, would both be worse.
     */
    async confirmOrder(tx: Tx, orderId: string): Promise<void> {
      const existing = await lockReservation(tx, orderId)
      if (!existing) {
        logger.warn({ orderId }, 'order.created for an order the catalogue holds no reservation for')
        return
      }
      if (existing.confirmed) return
      // Released by the placement or a cancellation (not by the lease): nothing is owed.
      if (existing.status === 'released' && existing.expired) {
        const outcome = await takeAll(tx, normaliseLines(existing.items))
        if (!outcome.ok) {
          await recordShortfall(tx, orderId, outcome.shortages)
          logger.error(
            { orderId, shortages: outcome.shortages },
            'ORDER WITHOUT STOCK: order.created arrived after its reservation expired and the stock is gone',
          )
          return
        }
        await holdAgain(tx, orderId, existing.items)
        await publishProductsUpserted(tx, outcome.taken, publicApiUrl)
        logger.warn({ orderId }, 'order.created arrived after its reservation expired; stock taken again')
      }
      await markConfirmed(tx, orderId)
    },

    /**
     * Gives back the stock of reservations no order confirmed within the lease: each batch in one
     * transaction with its product.upserted events. Answers how many reservations expired.
     */
    async expireLeases(policy: Pick<ReservationLeasePolicy, 'leaseMs' | 'batchSize'>): Promise<number> {
      let expired = 0
      for (;;) {
        const batch = await db.$transaction(async (tx) => {
          const rows = await markExpired(tx, policy.leaseMs, policy.batchSize)
          const returned = await giveBack(
            tx,
            rows.flatMap((r) => r.items),
          )
          await publishProductsUpserted(tx, returned, publicApiUrl)
          return rows
        }, TX_OPTIONS)
        if (batch.length) logger.warn({ orderIds: batch.map((r) => r.orderId) }, 'reservation leases expired')
        expired += batch.length
        if (batch.length < policy.batchSize) return expired
      }
    },
  }
}

export type ReservationUseCases = ReturnType<typeof reservationUseCases>
