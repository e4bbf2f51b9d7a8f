import { pageOf } from '@medstore/contracts/api'
import type { Product, productForm, productQuery } from '@medstore/contracts/catalogue'
import { PRODUCT_COUNT_CAP, PRODUCT_PAGE_DEFAULT } from '@medstore/contracts/catalogue'
import { toPaise } from '@medstore/contracts/money'
import { Invalid, NotFound } from '@medstore/service-kit'
import type { z } from 'zod'
import { findCategoryByName } from '../data/categories'
import { type Db, isForeignKeyViolation, type Tx } from '../data/db'
import { deleteImageIfUnused, insertImage } from '../data/images'
import {
  deleteProduct,
  findProduct,
  insertProduct,
  lockProduct,
  pageProducts,
  updateProduct,
} from '../data/products'
import { formFromName, paletteFor, productSvg } from '../domain/product-art'
import { publishProductDeleted, publishProductsUpserted } from '../events/catalogue-events'
import { type PreparedImage, prepareUpload, renderArtwork } from '../images/process'
import { type ProductList, presentProduct } from '../presenters/catalogue'

type Form = z.infer<typeof productForm>
type Query = z.infer<typeof productQuery>

export function productUseCases(db: Db, publicApiUrl: string) {
  const view = (p: Parameters<typeof presentProduct>[0]) => presentProduct(p, publicApiUrl)

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
      const { products, total, capped } = await pageProducts(
        db,
        filter,
        page.page,
        page.limit,
        PRODUCT_COUNT_CAP,
      )
      const paged = query.page !== undefined || query.limit !== undefined
      return { products: products.map(view), total, capped, page, paged }
    },

    /** A category's products: the first LIST_LIMIT_MAX unless a page is asked for. */
    async byCategory(category: string, query: { page?: number; limit?: number } = {}): Promise<ProductList> {
      const page = pageOf(query, PRODUCT_PAGE_DEFAULT)
      const { products, total, capped } = await pageProducts(
        db,
        { category },
        page.page,
        page.limit,
        PRODUCT_COUNT_CAP,
      )
      return { products: products.map(view), total, capped, page, paged: false }
    },

    async byId(id: string): Promise<Product> {
      const record = await findProduct(db, id)
      if (!record) throw new NotFound('Product not found')
      return view(record)
    },

    /** A product without an uploaded image gets drawn artwork, so every product has a picture. */
    async create(form: Form, upload: Buffer | undefined): Promise<Product> {
      const image = upload
        ? await prepareUpload(upload)
        : await renderArtwork(productSvg(form.name, formFromName(form.name), paletteFor(form.category)))
      return db
        .$transaction(async (tx) => {
          const category = await categoryId(tx, form.category)
          await insertImage(tx, image)
          const id = await insertProduct(tx, {
            name: form.name,
            categoryId: category,
            pricePaise: toPaise(form.price),
            description: form.description,
            imageId: image.id,
            stock: form.stock ?? 0,
            requiresPrescription: form.requiresPrescription ?? false,
          })
          return publish(tx, id)
        })
        .catch(categoryGone(form))
    },

    /** Without an image the current one stays; without stock or the prescription flag, so do they. */
    async update(id: string, form: Form, upload: Buffer | undefined): Promise<Product> {
      const image: PreparedImage | undefined = upload ? await prepareUpload(upload) : undefined
      return db
        .$transaction(async (tx) => {
          const current = await lockProduct(tx, id)
          if (!current) throw new NotFound('Product not found')
          const category = await categoryId(tx, form.category)
          if (image) await insertImage(tx, image)
          await updateProduct(tx, id, {
            name: form.name,
            categoryId: category,
            pricePaise: toPaise(form.price),
            description: form.description,
            ...(image ? { imageId: image.id } : {}),
            ...(form.stock !== undefined ? { stock: form.stock } : {}),
            ...(form.requiresPrescription !== undefined
              ? { requiresPrescription: form.requiresPrescription }
              : {}),
          })
          if (image) await deleteImageIfUnused(tx, current.imageId)
          return publish(tx, id)
        })
        .catch(categoryGone(form))
    },

    async remove(id: string): Promise<{ message: string }> {
      return db.$transaction(async (tx) => {
        const deleted = await deleteProduct(tx, id)
        if (!deleted) throw new NotFound('Product not found')
        await deleteImageIfUnused(tx, deleted.imageId)
        await publishProductDeleted(tx, id)
        return { message: 'Product deleted' }
      })
    },
  }
}

export type ProductUseCases = ReturnType<typeof productUseCases>
