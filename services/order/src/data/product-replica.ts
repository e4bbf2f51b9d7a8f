import { productReplica } from '@medstore/catalogue-kit'
import { toPaise } from '@medstore/contracts/money'
import type { RawSql } from '@medstore/service-kit'
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
    schedule: p.schedule,
    // Events from before the medicine facts carry none: MRP = price, HSN 3004 (medicaments), GST 5 %.
    hsn_code: p.hsnCode ?? '3004',
    gst_rate: p.gstRate ?? 5,
    mrp_paise: toPaise(p.mrp ?? p.price),
  }),
  // A deleted product leaves a tombstone, so it cannot be ordered again.
  deleted: { row: { name: '', category: '', price_paise: 0, image: '' }, reset: [] },
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
         'pricePaise', price_paise, 'deleted', deleted, 'schedule', schedule, 'hsnCode', hsn_code,
         'gstRate', gst_rate, 'mrpPaise', mrp_paise)) FROM product WHERE id = ANY($1::text[])), '[]') AS products`,
    ids,
  )
  return { products: new Map(row!.products.map((p) => [p.id, p])), seq: row!.seq }
}
