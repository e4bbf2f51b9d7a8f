import type { Db } from '../data/db'
import { similarProducts } from '../data/similar-products'
import { presentProduct } from '../presenters/catalogue'
import type { ProductUseCases } from './products'

/** Searches shorter than this are too short for a similarity guess to mean anything. */
export const TYPO_MIN_LENGTH = 4
/** The unpaged (documented array) answer lists at most this many near matches. */
export const TYPO_LIST_MAX = 50

/**
 * A product search that finds nothing by substring ('paracetmol') tries once more by trigram word
 * similarity, so a typing slip still finds Paracetamol. Only page 1 falls back (the near matches fit
 * on it), and near matches come closest first whatever the sort, since their order is the point.
 */
export function withTypoFallback(products: ProductUseCases, db: Db, publicApiUrl: string): ProductUseCases {
  return {
    ...products,
    async list(query) {
      const result = await products.list(query)
      const q = query.q?.trim() ?? ''
      if (result.total > 0 || q.length < TYPO_MIN_LENGTH || result.page.page > 1) return result
      const limit = result.paged ? result.page.limit : TYPO_LIST_MAX
      const near = (await similarProducts(db, q, query.category || undefined, limit)).map((record) =>
        presentProduct(record, publicApiUrl),
      )
      return { ...result, products: near, total: near.length, capped: false }
    },
  }
}
