import type { EventData } from '@medstore/contracts/events'
import { cardImageOf, imageUrl, largeImageOf } from '@medstore/contracts/image-urls'
import { toRupees } from '@medstore/contracts/money'

import type { ProductRecord } from '../data/products'

/** A product as the catalogue reads it from its tables: its type follows the column map (data/products.ts). */
export type { ProductRecord }

/** What the replicas are sent of a product (the seed publishes before it could read records back). */
export type ReplicaSource = Pick<
  ProductRecord,
  | 'id'
  | 'name'
  | 'category'
  | 'pricePaise'
  | 'imageId'
  | 'stock'
  | 'schedule'
  | 'mrpPaise'
  | 'hsnCode'
  | 'gstRate'
>

/** Image URLs are absolute on the public API host; the image id changes when the picture does. */
export { imageUrl }
export const cardUrl = (publicApiUrl: string, imageId: string) => cardImageOf(imageUrl(publicApiUrl, imageId))
export const largeUrl = (publicApiUrl: string, imageId: string) =>
  largeImageOf(imageUrl(publicApiUrl, imageId))

/**
 * What the replicas read of a product (the product.upserted payload; who reads which field: its schema):
 * the cart reads the schedule (X is not sold online), an order line snapshots schedule, MRP, HSN code and
 * GST. The stock goes apart, to the cart alone (toStockChange).
 */
export function toProductReplica(p: ReplicaSource, publicApiUrl: string): EventData<'product.upserted'> {
  return {
    productId: p.id,
    name: p.name,
    category: p.category,
    price: toRupees(p.pricePaise),
    image: imageUrl(publicApiUrl, p.imageId),
    schedule: p.schedule,
    mrp: toRupees(p.mrpPaise),
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
  }
}

/** The product.stock_changed payload: the units left, for the cart. */
export const toStockChange = (
  p: Pick<ReplicaSource, 'id' | 'stock'>,
): EventData<'product.stock_changed'> => ({
  productId: p.id,
  stock: p.stock,
})
