import { createEvent, enqueueEvents, type RawExecutor } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { type ReplicaSource, toProductReplica } from '../domain/product-view'

/** Writes product.upserted for each product to the outbox, in the caller's transaction. */
export function publishProductsUpserted(tx: RawExecutor, products: ReplicaSource[], publicApiUrl: string) {
  return enqueueEvents(
    tx,
    ...products.map((p) => createEvent('product.upserted', toProductReplica(p, publicApiUrl))),
  )
}

export function publishProductDeleted(tx: Tx, productId: string) {
  return enqueueEvents(tx, createEvent('product.deleted', { productId }))
}

export function publishCategoryDeleted(tx: Tx, categoryId: string, name: string) {
  return enqueueEvents(tx, createEvent('category.deleted', { categoryId, name }))
}
