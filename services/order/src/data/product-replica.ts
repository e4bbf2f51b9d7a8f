import type { PricedProduct } from '../domain/pricing'
import type { Tx } from './db'

export type ProductSnapshot = Omit<PricedProduct, 'deleted'> & { stock: number }

/**
 * Applies a catalogue product.upserted event unless a newer event for that product was applied already
 * (events can arrive out of order after a retry).
 */
export async function upsertProduct(tx: Tx, p: ProductSnapshot, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO product (id, name, category, price_paise, image, stock, deleted, source_at)
    VALUES (${p.id}, ${p.name}, ${p.category}, ${p.pricePaise}, ${p.image}, ${p.stock}, false, ${at})
    ON CONFLICT (id) DO UPDATE SET
      name = EXCLUDED.name, category = EXCLUDED.category, price_paise = EXCLUDED.price_paise,
      image = EXCLUDED.image, stock = EXCLUDED.stock, deleted = false, source_at = EXCLUDED.source_at
    WHERE product.source_at <= EXCLUDED.source_at`
}

/** Marks a product deleted (a tombstone, so an older upsert arriving late cannot bring it back). */
export async function deleteProduct(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO product (id, name, category, price_paise, image, stock, deleted, source_at)
    VALUES (${id}, '', '', 0, '', 0, true, ${at})
    ON CONFLICT (id) DO UPDATE SET deleted = true, stock = 0, source_at = EXCLUDED.source_at
    WHERE product.source_at <= EXCLUDED.source_at`
}

export async function findProducts(tx: Tx, ids: string[]): Promise<Map<string, PricedProduct>> {
  const rows = await tx.product.findMany({ where: { id: { in: ids } } })
  return new Map(rows.map((p) => [p.id, p]))
}
