import type { ProductRecord } from '../domain/product-view'
import { Prisma } from '../generated/prisma/client'
import type { Queryable, Tx } from './db'

// Reads go through SQL so a list never touches image bytes. Searching and paging are the search index's
// (domain/product-search-index.ts); it hands out ids and the rows are read here or in search-reads.ts.
export const COLUMNS = Prisma.sql`p.id::text AS id, p.name, c.name AS category, p.price_paise AS "pricePaise",
  p.description, p.image_id AS "imageId", p.stock, p.requires_prescription AS "requiresPrescription"`
export const FROM = Prisma.sql`FROM product p JOIN category c ON c.id = p.category_id`

export async function findProduct(db: Queryable, id: string): Promise<ProductRecord | undefined> {
  const rows = await db.$queryRaw<ProductRecord[]>`SELECT ${COLUMNS} ${FROM} WHERE p.id = ${id}::uuid`
  return rows[0]
}

export type ProductData = {
  name: string
  categoryId: string
  pricePaise: number
  description: string
  imageId: string
  stock: number
  requiresPrescription: boolean
}

export async function insertProduct(tx: Tx, data: ProductData): Promise<string> {
  const created = await tx.product.create({ data, select: { id: true } })
  return created.id
}

/** Updates a product; false when there is no such product. */
export async function updateProduct(tx: Tx, id: string, data: Partial<ProductData>): Promise<boolean> {
  const { count } = await tx.product.updateMany({ where: { id }, data })
  return count === 1
}

/** Locks a product row for the rest of the transaction and returns its image and stock. */
export async function lockProduct(tx: Tx, id: string) {
  const rows = await tx.$queryRaw<{ imageId: string; stock: number; requiresPrescription: boolean }[]>`
    SELECT image_id AS "imageId", stock, requires_prescription AS "requiresPrescription"
    FROM product WHERE id = ${id}::uuid FOR UPDATE`
  return rows[0]
}

export async function deleteProduct(tx: Tx, id: string): Promise<{ imageId: string } | undefined> {
  const rows = await tx.$queryRaw<{ imageId: string }[]>`
    DELETE FROM product WHERE id = ${id}::uuid RETURNING image_id AS "imageId"`
  return rows[0]
}
