import type { RawSql } from '@medstore/service-kit'

/** A product's units in stock, as announced. */
export type StockFigure = { id: string; stock: number }

/**
 * SQL that marks the products in `changed` (a relation with a text `id` column, e.g. a CTE of the rows a
 * stock change returned) for the announcer: one row per product, however many changes.
 */
export const markProductsIn = (changed: string) =>
  `INSERT INTO stock_announcement (product_id) SELECT id::uuid FROM ${changed} ON CONFLICT DO NOTHING`

/**
 * Up to `limit` marked products' stock as it is now, unmarked; in a transaction, which holds their rows until
 * it ends. The rows are locked in id order, the order every stock change locks them in (no deadlock): a
 * change in flight is waited for, so what is read includes it, and a change that comes later waits and
 * marks its product again.
 */
export async function takeMarkedProducts(tx: RawSql, limit: number): Promise<StockFigure[]> {
  const marked = await tx.$queryRawUnsafe<{ id: string }[]>(
    'SELECT product_id::text AS id FROM stock_announcement ORDER BY product_id LIMIT $1',
    limit,
  )
  if (marked.length === 0) return []
  const ids = marked.map((m) => m.id)
  const products = await tx.$queryRawUnsafe<StockFigure[]>(
    'SELECT id::text AS id, stock FROM product WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    ids,
  )
  // Deleted products are unmarked too: their product.deleted has gone out already.
  await tx.$executeRawUnsafe('DELETE FROM stock_announcement WHERE product_id = ANY($1::uuid[])', ids)
  return products
}
