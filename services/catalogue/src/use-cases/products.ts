import { pageOf } from '@medstore/contracts/api'
import type { Product, productForm, productQuery, SubstitutesAnswer } from '@medstore/contracts/catalogue'
import { PRODUCT_COUNT_CAP, PRODUCT_PAGE_DEFAULT, SUBSTITUTES_DEFAULT } from '@medstore/contracts/catalogue'
import { toPaise } from '@medstore/contracts/money'
import { Invalid, NotFound, sqlOver, sqlTransaction } from '@medstore/service-kit'
import type { z } from 'zod'
import { findCategoryByName } from '../data/categories'
import { isForeignKeyViolation, type Tx } from '../data/db'
import { deleteImageIfUnused, insertImage } from '../data/images'
import type { ProductSearchFeed } from '../data/product-search-feed'
import {
  deleteProduct,
  findProduct,
  findSubstituteKey,
  insertProduct,
  lockProduct,
  storedFieldsOf,
  substitutesByKey,
  updateProduct,
} from '../data/products'
import { type Pool, productsInOrder } from '../data/search-reads'
import { storedFactsOf } from '../domain/medicine-facts'
import { categoryKey } from '../domain/search'
import { unitRupees, unitSaving } from '../domain/substitutes'
import { publishProductDeleted, publishProductsUpserted } from '../events/catalogue-events'
import { type PreparedImage, prepareUpload, renderArtwork } from '../images/process'
import { formFromName, paletteFor, productSvg } from '../images/product-art'
import { type ProductList, presentProduct } from '../presenters/catalogue'
import { TYPO_MIN_WORD } from '../search/typo-distance'

type Form = z.infer<typeof productForm>
type Query = z.infer<typeof productQuery>

/** The unpaged (documented array) answer lists at most this many near matches. */
export const TYPO_LIST_MAX = 50

/** Listings and searches take their ids from the search index (`feed`), then read the rows from `pool`. */
export function productUseCases(pool: Pool, publicApiUrl: string, feed: ProductSearchFeed) {
  const db = sqlOver(pool)
  const view = (p: Parameters<typeof presentProduct>[0]) => presentProduct(p, publicApiUrl)

  /**
   * One page of the products matching the filter (by name, then by salt or key ingredient: the index's
   * ranking), and how many match (up to PRODUCT_COUNT_CAP). A search that finds nothing by substring
   * ('paracetmol') takes near matches instead, closest first whatever the sort, since their order is the
   * point; only page 1 does (they fit on it).
   */
  async function pageOfProducts(
    filter: { q?: string; category?: string; sort?: Query['sort'] },
    page: ReturnType<typeof pageOf>,
    nearMax: number,
  ) {
    const index = await feed.current()
    const inCategory = filter.category ? categoryKey(filter.category) : undefined
    let { ids, byIngredient, total, capped } = index.search({
      q: filter.q,
      categoryKey: inCategory,
      sort: filter.sort ?? 'name',
      offset: page.skip,
      limit: page.limit,
      countCap: PRODUCT_COUNT_CAP,
    })
    if (total === 0 && filter.q && filter.q.length >= TYPO_MIN_WORD && page.page === 1) {
      ;({ ids, byIngredient } = index.nearMatches(filter.q, inCategory, nearMax))
      total = ids.length
      capped = false
    }
    const products = (await productsInOrder(pool, ids)).map(view)
    return { products, total, capped, byIngredient }
  }

  /** The search index re-reads what this instance wrote, so its next answer shows the write. */
  const indexed =
    <T>(id: (result: T) => string) =>
    async (result: T) => {
      await feed.refresh([id(result)])
      return result
    }

  async function categoryId(tx: Tx, name: string): Promise<string> {
    const category = await findCategoryByName(tx, name)
    if (!category)
      throw new Invalid(`Category "${name}" does not exist`, [
        { path: 'category', message: `Category "${name}" does not exist` },
      ])
    return category.id
  }

  /** Re-reads the product as the API shows it and tells the replicas, in the same transaction. */
  async function publish(tx: Tx, id: string): Promise<Product> {
    const record = (await findProduct(tx, id))!
    await publishProductsUpserted(tx, [record], publicApiUrl)
    return view(record)
  }

  /** The category may vanish between lookup and insert; the foreign key catches that. */
  const categoryGone = (form: Form) => (err: unknown) => {
    if (isForeignKeyViolation(err)) throw new Invalid(`Category "${form.category}" does not exist`)
    throw err
  }

  return {
    /**
     * One page of matching products and their (capped) count. Without page and limit it is the first
     * LIST_LIMIT_MAX, answered as the documented array; `paged` says which form the caller asked for.
     */
    async list(query: Query): Promise<ProductList> {
      const filter = { q: query.q || undefined, category: query.category || undefined, sort: query.sort }
      const page = pageOf(query, PRODUCT_PAGE_DEFAULT)
      const paged = query.page !== undefined || query.limit !== undefined
      const found = await pageOfProducts(filter, page, paged ? page.limit : TYPO_LIST_MAX)
      return { ...found, page, paged }
    },

    /** A category's products: the first LIST_LIMIT_MAX unless a page is asked for. */
    async byCategory(category: string, query: { page?: number; limit?: number } = {}): Promise<ProductList> {
      const page = pageOf(query, PRODUCT_PAGE_DEFAULT)
      return { ...(await pageOfProducts({ category }, page, 0)), page, paged: false }
    },

    /** The same composition's products, cheapest per unit first (see substitutesByKey). */
    async substitutes(id: string, limit = SUBSTITUTES_DEFAULT): Promise<SubstitutesAnswer> {
      const asked = await findSubstituteKey(db, id)
      if (!asked) throw new NotFound('Product not found')
      const found = asked.compositionKey ? await substitutesByKey(db, asked.compositionKey, id, limit) : []
      return {
        productId: id,
        unitPrice: unitRupees(asked),
        substitutes: found.map((record) => ({
          product: view(record),
          unitPrice: unitRupees(record),
          savingPercent: unitSaving(record, asked),
        })),
      }
    },

    async byId(id: string): Promise<Product> {
      const record = await findProduct(db, id)
      if (!record) throw new NotFound('Product not found')
      return view(record)
    },

    /**
     * A product without an uploaded image gets drawn artwork, so every product has a picture. A stored
     * field the form does not send takes its column's default (no stock: 0).
     */
    async create(form: Form, upload: Buffer | undefined): Promise<Product> {
      const image = upload
        ? await prepareUpload(upload)
        : await renderArtwork(productSvg(form.name, formFromName(form.name), paletteFor(form.category)))
      return sqlTransaction(pool, async (tx) => {
        const category = await categoryId(tx, form.category)
        await insertImage(tx, image)
        const id = await insertProduct(tx, {
          ...storedFieldsOf(form),
          ...storedFactsOf(form),
          name: form.name,
          description: form.description,
          categoryId: category,
          pricePaise: toPaise(form.price),
          imageId: image.id,
        })
        return publish(tx, id)
      })
        .catch(categoryGone(form))
        .then(indexed((product) => product._id))
    },

    /** Without an image the current one stays; without stock or the prescription flag, so do they. */
    async update(id: string, form: Form, upload: Buffer | undefined): Promise<Product> {
      const image: PreparedImage | undefined = upload ? await prepareUpload(upload) : undefined
      return sqlTransaction(pool, async (tx) => {
        const current = await lockProduct(tx, id)
        if (!current) throw new NotFound('Product not found')
        const category = await categoryId(tx, form.category)
        if (image) await insertImage(tx, image)
        // The form's fields stored under their own names (one not sent keeps its value), then the rest.
        await updateProduct(tx, id, {
          ...storedFieldsOf(form),
          ...storedFactsOf(form, current),
          categoryId: category,
          pricePaise: toPaise(form.price),
          ...(image ? { imageId: image.id } : {}),
        })
        if (image) await deleteImageIfUnused(tx, current.imageId)
        return publish(tx, id)
      })
        .catch(categoryGone(form))
        .then(indexed((product) => product._id))
    },

    async remove(id: string): Promise<{ message: string }> {
      return sqlTransaction(pool, async (tx) => {
        const deleted = await deleteProduct(tx, id)
        if (!deleted) throw new NotFound('Product not found')
        await deleteImageIfUnused(tx, deleted.imageId)
        await publishProductDeleted(tx, id)
        return { message: 'Product deleted' }
      }).then(indexed(() => id))
    },
  }
}

export type ProductUseCases = ReturnType<typeof productUseCases>
