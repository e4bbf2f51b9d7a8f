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
    schedule: p.schedule ?? (p.requiresPrescription ? 'H' : 'OTC'),
  }),
  // A deleted product leaves a tombstone without stock, so it cannot be ordered again.
  deleted: { row: { name: '', category: '', price_paise: 0, image: '', stock: 0 }, reset: ['stock'] },
})

/**
 * The replica's rows for these ids, and the order's number from the sequence, in one round trip (plain
 * SQL: it runs for every order placed). The number is taken before the order is written, so a placement
 * that fails leaves a gap, as order numbers may.
 */
export async function findProductsAndNumber(
  sql: RawSql,
  ids: string[],
): Promise<{ products: Map<string, PricedProduct>; seq: number }> {
  const [row] = await sql.$queryRawUnsafe<{ seq: number; products: PricedProduct[] }[]>(
    `SELECT nextval(pg_get_serial_sequence('orders', 'seq'))::int AS seq,
       COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'category', category, 'image', image,
         'pricePaise', price_paise, 'deleted', deleted, 'schedule', schedule)) FROM product WHERE id = ANY($1::text[])), '[]') AS products`,
    ids,
  )
  return { products: new Map(row!.products.map((p) => [p.id, p])), seq: row!.seq }
}
