import { createEvent, enqueueEvents, type RawExecutor } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { type ReplicaSource, toProductReplica, toStockChange } from '../domain/product-view'

/**
 * Writes product.upserted and product.stock_changed for each product to the outbox, in the caller's
 * transaction: a product created, edited or announced again.
 */
export function publishProductsUpserted(tx: RawExecutor, products: ReplicaSource[], publicApiUrl: string) {
  return enqueueEvents(
    tx,
    ...products.flatMap((p) => [
      createEvent('product.upserted', toProductReplica(p, publicApiUrl)),
      createEvent('product.stock_changed', toStockChange(p)),
    ]),
  )
}

/** Writes product.stock_changed for each product to the outbox: its units changed, nothing else did. */
export function publishStockChanged(tx: RawExecutor, products: Pick<ReplicaSource, 'id' | 'stock'>[]) {
  return enqueueEvents(tx, ...products.map((p) => createEvent('product.stock_changed', toStockChange(p))))
}

export function publishProductDeleted(tx: Tx, productId: string) {
  return enqueueEvents(tx, createEvent('product.deleted', { productId }))
}

export function publishCategoryDeleted(tx: Tx, categoryId: string, name: string) {
  return enqueueEvents(tx, createEvent('category.deleted', { categoryId, name }))
}
