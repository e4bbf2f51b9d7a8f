import { toPaise } from '@medstore/contracts/money'
import { productReplica, type RawSql } from '@medstore/service-kit'
import type { PricedProduct } from '../domain/pricing'

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

/** The replica's rows for these ids (plain SQL: it runs for every order placed). */
export async function findProducts(sql: RawSql, ids: string[]): Promise<Map<string, PricedProduct>> {
  const rows = await sql.$queryRawUnsafe<PricedProduct[]>(
    `SELECT id, name, category, image, price_paise AS "pricePaise", deleted FROM product WHERE id = ANY($1::text[])`,
    ids,
  )
  return new Map(rows.map((p) => [p.id, p]))
}
