import type { Reservation, ReservationRefused, ReservationRequest } from '@medstore/contracts/stock'
import { notFound } from '@medstore/service-kit'
import type { Db } from '../data/db'
import { returnStock, stockOf, takeStock } from '../data/products'
import { claimReservation, findReservation, markReleased } from '../data/reservations'
import type { ProductRecord } from '../domain/product-view'
import { normaliseLines, type Shortage, shortageMessage } from '../domain/reservation'
import { publishProductsUpserted } from '../events/catalogue-events'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Thrown inside the transaction to roll every line back, then answered as the 409 body. */
class Refused extends Error {
  constructor(readonly body: ReservationRefused) {
    super('reservation refused')
  }
}

export type ReserveOutcome = { status: 200; body: Reservation } | { status: 409; body: ReservationRefused }

// Under load many orders queue on the same rows; each transaction is short, so wait rather than fail.
const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 }

export function reservationUseCases(db: Db, publicApiUrl: string) {
  return {
    /**
     * Takes every line's units or none. Each line is one conditional UPDATE (stock >= quantity) in
     * productId order; a short or unknown line rolls the whole transaction back. A second call with the
     * same orderId answers the first one's reservation without taking anything again.
     */
    async reserve(request: ReservationRequest): Promise<ReserveOutcome> {
      const lines = normaliseLines(request.items)
      try {
        return await db.$transaction(async (tx) => {
          if (!(await claimReservation(tx, request.orderId, lines))) {
            return { status: 200 as const, body: (await findReservation(tx, request.orderId))! }
          }
          const unknown = lines.filter((l) => !UUID.test(l.productId)).map((l) => l.productId)
          if (unknown.length) throw notFound(`Product not found: ${unknown.join(', ')}`)
          const taken: ProductRecord[] = []
          const shortages: Shortage[] = []
          for (const line of lines) {
            const product = shortages.length ? undefined : await takeStock(tx, line.productId, line.quantity)
            if (product) {
              taken.push(product)
              continue
            }
            const current = await stockOf(tx, line.productId)
            if (!current) throw notFound(`Product not found: ${line.productId}`)
            if (current.stock < line.quantity)
              shortages.push({
                productId: line.productId,
                name: current.name,
                requested: line.quantity,
                available: current.stock,
              })
          }
          if (shortages.length) throw new Refused({ message: shortageMessage(shortages), shortages })
          await publishProductsUpserted(tx, taken, publicApiUrl)
          return {
            status: 200 as const,
            body: { orderId: request.orderId, status: 'reserved' as const, items: lines },
          }
        }, TX_OPTIONS)
      } catch (err) {
        if (!(err instanceof Refused)) throw err
        return { status: 409, body: err.body }
      }
    },

    /** Gives a reservation's units back, once; later calls answer the released reservation. */
    async release(orderId: string): Promise<Reservation> {
      return db.$transaction(async (tx) => {
        const lines = await markReleased(tx, orderId)
        if (!lines) {
          const existing = await findReservation(tx, orderId)
          if (!existing) throw notFound(`No reservation for order ${orderId}`)
          return existing
        }
        const returned: ProductRecord[] = []
        for (const line of normaliseLines(lines)) {
          const product = await returnStock(tx, line.productId, line.quantity)
          if (product) returned.push(product) // a product deleted since has nothing to return to
        }
        await publishProductsUpserted(tx, returned, publicApiUrl)
        return { orderId, status: 'released' as const, items: lines }
      }, TX_OPTIONS)
    },
  }
}
