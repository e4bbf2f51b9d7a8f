import type { Shop } from '@medstore/contracts/catalogue'
import { imageUrl } from '../domain/product-view'
import type { Prisma } from '../generated/prisma/client'
import type { Queryable } from './db'

type ShopRow = Prisma.ShopGetPayload<object>

function toShopView(s: ShopRow, publicApiUrl: string): Shop {
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
    rating: s.rating.toNumber(),
    totalReview: s.totalReview,
    status: s.isOpen ? 'Open' : 'Closed',
    hasOwnDelivery: s.hasOwnDelivery,
    isDeliveryFree: s.isDeliveryFree,
    latitude: s.latitude,
    longitude: s.longitude,
  }
}

export async function listShops(
  db: Queryable,
  publicApiUrl: string,
  page: { skip: number; take: number },
): Promise<{ shops: Shop[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.shop.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.take }),
    db.shop.count(),
  ])
  return { shops: rows.map((s) => toShopView(s, publicApiUrl)), total }
}

export async function findShop(db: Queryable, id: string, publicApiUrl: string): Promise<Shop | undefined> {
  const row = await db.shop.findUnique({ where: { id } })
  return row ? toShopView(row, publicApiUrl) : undefined
}
