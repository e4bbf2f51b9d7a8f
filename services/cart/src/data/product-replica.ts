import { productReplica } from '@medstore/catalogue-kit'
import { toPaise } from '@medstore/contracts/money'
import type { RawSql } from '@medstore/service-kit'
import type { ReplicaProduct } from '../domain/cart-rules'

/** The catalogue's products as the cart needs them: price, picture and stock for its lines. */
export const cartProducts = productReplica({
  service: 'cart',
  table: 'product',
  eventTimeColumn: 'source_at',
  columns: (p) => ({
    name: p.name,
    price_paise: toPaise(p.price),
    image: p.image,
    schedule: p.schedule,
  }),
  // A deleted product leaves a tombstone without stock; its lines show it as gone.
  deleted: { row: { name: '', price_paise: 0, image: '', stock: 0 }, reset: ['stock'] },
  // A product whose stock is heard of first is not sellable until its product.upserted arrives.
  stock: {
    column: 'stock',
    eventTimeColumn: 'stock_at',
    firstRow: { name: '', price_paise: 0, image: '', deleted: true },
  },
})

export async function findProduct(sql: RawSql, id: string): Promise<ReplicaProduct | undefined> {
  const rows = await sql.$queryRawUnsafe<ReplicaProduct[]>(
    'SELECT id, name, price_paise AS "pricePaise", image, stock, schedule, deleted FROM product WHERE id = $1',
    id,
  )
  return rows[0]
}
