import { toPaise } from '@medstore/contracts/money'
import { productReplica } from '@medstore/service-kit'
import type { PricedProduct } from '../domain/pricing'
import type { Tx } from './db'

/** The catalogue's products as the order service prices them (and the dashboard groups them by category). */
export const orderProducts = productReplica({
  service: 'order',
  table: 'product',
  eventTimeColumn: 'source_at',
  columns: (p) => ({
    name: p.name,
    category: p.category,
    price_paise: toPaise(p.price),
    image: p.image,
    stock: p.stock,
  }),
  // A deleted product leaves a tombstone without stock, so it cannot be ordered again.
  deleted: { row: { name: '', category: '', price_paise: 0, image: '', stock: 0 }, reset: ['stock'] },
})

export async function findProducts(tx: Tx, ids: string[]): Promise<Map<string, PricedProduct>> {
  const rows = await tx.product.findMany({ where: { id: { in: ids } } })
  return new Map(rows.map((p) => [p.id, p]))
}
