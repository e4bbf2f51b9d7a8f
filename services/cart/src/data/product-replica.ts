import type { ReplicaProduct } from '../domain/cart-rules'
import type { Tx } from './db'

export type ProductSnapshot = Omit<ReplicaProduct, 'deleted'>

/**
 * Applies a catalogue product.upserted event unless a newer event for that product was applied already
 * (events can arrive out of order after a retry).
 */
export async function upsertProduct(tx: Tx, p: ProductSnapshot, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO product (id, name, price_paise, image, stock, deleted, source_at)
    VALUES (${p.id}, ${p.name}, ${p.pricePaise}, ${p.image}, ${p.stock}, false, ${at})
    ON CONFLICT (id) DO UPDATE SET
      name = EXCLUDED.name, price_paise = EXCLUDED.price_paise, image = EXCLUDED.image,
      stock = EXCLUDED.stock, deleted = false, source_at = EXCLUDED.source_at
    WHERE product.source_at <= EXCLUDED.source_at`
}

/** Marks a product deleted (a tombstone, so an older upsert arriving late cannot bring it back). */
export async function deleteProduct(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO product (id, name, price_paise, image, stock, deleted, source_at)
    VALUES (${id}, '', 0, '', 0, true, ${at})
    ON CONFLICT (id) DO UPDATE SET deleted = true, stock = 0, source_at = EXCLUDED.source_at
    WHERE product.source_at <= EXCLUDED.source_at`
}

export async function findProduct(tx: Tx, id: string): Promise<ReplicaProduct | undefined> {
  return (await tx.product.findUnique({ where: { id } })) ?? undefined
}
