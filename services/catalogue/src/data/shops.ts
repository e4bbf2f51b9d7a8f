import type { Prisma } from '../generated/prisma/client'
import type { Queryable } from './db'

export type ShopRow = Prisma.ShopGetPayload<object>

export async function listShops(
  db: Queryable,
  page: { skip: number; take: number },
): Promise<{ shops: ShopRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.shop.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.take }),
    db.shop.count(),
  ])
  return { shops: rows, total }
}

export async function findShop(db: Queryable, id: string): Promise<ShopRow | null> {
  return db.shop.findUnique({ where: { id } })
}
