import type { Category, Product, Shop } from '@medstore/contracts/catalogue'
import { needsPrescription } from '@medstore/contracts/medicine'
import { toRupees } from '@medstore/contracts/money'
import type { Supplier } from '@medstore/contracts/supplier'
import type { ListPage } from '@medstore/service-kit'
import type { ShopRow } from '../data/shops'
import type { SupplierRecord } from '../data/suppliers'
import { cardUrl, imageUrl, largeUrl, type ProductRecord } from '../domain/product-view'

/**
 * A product as the API shows it: every stored field as it is, but the id, the money, the pictures and
 * requiresPrescription (derived from the schedule).
 */
export function presentProduct(p: ProductRecord, publicApiUrl: string): Product {
  const { id, pricePaise, mrpPaise, imageId, ...shown } = p
  return {
    ...shown,
    _id: id,
    price: toRupees(pricePaise),
    mrp: toRupees(mrpPaise),
    requiresPrescription: needsPrescription(p.schedule),
    image: imageUrl(publicApiUrl, imageId),
    thumbnail: cardUrl(publicApiUrl, imageId),
    picture: largeUrl(publicApiUrl, imageId),
  }
}

/** One page of products and their (capped) count; `paged` says whether the caller asked for a page. */
export type ProductList = {
  products: Product[]
  total: number
  capped: boolean
  /** The ids of those found by a salt or key ingredient rather than their name. */
  byIngredient: string[]
  page: { page: number; limit: number }
  paged: boolean
}

/**
 * Without page and limit the body stays the documented array; with either it is
 * { products, total, totalCapped, page, limit, ingredientMatches }. Both carry the paging headers.
 */
export function presentProductList(list: ProductList): ListPage {
  const { products, total, capped, page, byIngredient } = list
  const shown = new Set(products.map((p) => p._id))
  const items = list.paged
    ? {
        products,
        total,
        totalCapped: capped,
        page: page.page,
        limit: page.limit,
        // A product deleted between the search and the read of its row is on neither list.
        ingredientMatches: byIngredient.filter((id) => shown.has(id)),
      }
    : products
  return { items, page, total }
}

export const presentCategory = (c: { id: string; name: string }): Category => ({ _id: c.id, name: c.name })

export const presentSupplier = (s: SupplierRecord): Supplier => ({
  _id: s.id,
  name: s.name,
  company: s.company,
  address: s.address,
  phone: s.phone,
  email: s.email,
  status: s.status,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
})

export function presentShop(s: ShopRow, publicApiUrl: string): Shop {
  return {
    _id: s.id,
    name: s.name,
    ownerName: s.ownerName,
    logo: imageUrl(publicApiUrl, s.logoId),
    banner: imageUrl(publicApiUrl, s.bannerId),
    city: s.city,
    location: s.location,
    postalCode: s.postalCode,
    phone: s.phone,
    email: s.email,
    rating: s.rating,
    totalReview: s.totalReview,
    status: s.isOpen ? 'Open' : 'Closed',
    hasOwnDelivery: s.hasOwnDelivery,
    isDeliveryFree: s.isDeliveryFree,
    latitude: s.latitude,
    longitude: s.longitude,
  }
}
