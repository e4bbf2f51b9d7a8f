import { sqlTransaction } from '@medstore/service-kit'
import type pg from 'pg'
import { takeMarkedProducts } from '../data/stock-announcements'
import { publishStockChanged } from '../events/catalogue-events'

/** Products announced per transaction: bounds how long their rows stay locked against reservations. */
const BATCH = 200

/**
 * Stock changes reach the one replica that reads stock (the cart) as product.stock_changed, at most one per
 * product per run: one per reservation was ~20 % of the machine's CPU per order placed (bench:order), and a
 * replica keeps only a product's newest figure anyway. The catalogue stays the authority on stock: a
 * reservation is checked here, so a replica a few hundred milliseconds behind refuses no order.
 */
export function stockAnnouncements(sql: pg.Pool) {
  return {
    /** Announces every product marked so far, a batch per transaction; answers how many. */
    async announceStock(): Promise<number> {
      let announced = 0
      for (;;) {
        const batch = await sqlTransaction(sql, async (tx) => {
          const products = await takeMarkedProducts(tx, BATCH)
          await publishStockChanged(tx, products)
          return products.length
        })
        announced += batch
        if (batch < BATCH) return announced
      }
    },
  }
}
