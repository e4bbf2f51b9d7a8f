import { LIST_LIMIT_MAX, pageOf } from '@medstore/contracts/api'
import type { Shop } from '@medstore/contracts/catalogue'
import { type ListPage, NotFound } from '@medstore/service-kit'
import type { Queryable } from '../data/db'
import { findShop, listShops } from '../data/shops'
import { presentShop } from '../presenters/catalogue'

/** The registered medicine stores, by name. */
export function shopUseCases(db: Queryable, publicApiUrl: string) {
  return {
    async list(query: { page?: number; limit?: number }): Promise<ListPage<Shop[]>> {
      const page = pageOf(query, LIST_LIMIT_MAX)
      const { shops, total } = await listShops(db, page)
      return { items: shops.map((s) => presentShop(s, publicApiUrl)), page, total }
    },

    async byId(id: string): Promise<Shop> {
      const shop = await findShop(db, id)
      if (!shop) throw new NotFound('Shop not found')
      return presentShop(shop, publicApiUrl)
    },
  }
}
