import type { EventData, EventType } from '@medstore/contracts/events'
import { createEvent, enqueueEvents } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { type ProductRecord, toProductReplica } from '../domain/product-view'

const event = <T extends EventType>(type: T, data: EventData<T>) => createEvent(type, data)

/** Writes product.upserted for each product to the outbox, in the caller's transaction. */
export function publishProductsUpserted(tx: Tx, products: ProductRecord[], publicApiUrl: string) {
  return enqueueEvents(
    tx,
    ...products.map((p) => event('product.upserted', toProductReplica(p, publicApiUrl))),
  )
}

export function publishProductDeleted(tx: Tx, productId: string) {
  return enqueueEvents(tx, event('product.deleted', { productId }))
}

export function publishCategoryDeleted(tx: Tx, categoryId: string, name: string) {
  return enqueueEvents(tx, event('category.deleted', { categoryId, name }))
}
