import type { ProductSort } from '@medstore/contracts/catalogue'
import type { ProductRecord } from '../domain/product-view'
import { categoryKey, containsPattern } from '../domain/search'
import { Prisma } from '../generated/prisma/client'
import type { Queryable, Tx } from './db'

// Reads go through SQL so a list never touches image bytes and the name search uses the trigram index.
const COLUMNS = Prisma.sql`p.id::text AS id, p.name, c.name AS category, p.price_paise AS "pricePaise",
  p.description, p.image_id AS "imageId", p.stock, p.requires_prescription AS "requiresPrescription"`
const FROM = Prisma.sql`FROM product p JOIN category c ON c.id = p.category_id`

const ORDER: Record<ProductSort, Prisma.Sql> = {
  name: Prisma.sql`p.name ASC, p.id ASC`,
  '-name': Prisma.sql`p.name DESC, p.id ASC`,
  price: Prisma.sql`p.price_paise ASC, p.id ASC`,
  '-price': Prisma.sql`p.price_paise DESC, p.id ASC`,
  newest: Prisma.sql`p.created_at DESC, p.id ASC`,
}

export type ProductFilter = { q?: string; category?: string; sort?: ProductSort }

function where({ q, category }: ProductFilter): Prisma.Sql {
  const conditions: Prisma.Sql[] = []
  if (q) conditions.push(Prisma.sql`p.name ILIKE ${containsPattern(q)}`)
  if (category) conditions.push(Prisma.sql`c.name_key = ${categoryKey(category)}`)
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
}

/** Every matching product (the documented unpaged list). */
export function listProducts(db: Queryable, filter: ProductFilter): Promise<ProductRecord[]> {
  return db.$queryRaw<ProductRecord[]>`SELECT ${COLUMNS} ${FROM} ${where(filter)}
    ORDER BY ${ORDER[filter.sort ?? 'name']}`
}

/** One page of matching products and how many match in all. */
export async function pageProducts(
  db: Queryable,
  filter: ProductFilter,
  page: number,
  limit: number,
): Promise<{ products: ProductRecord[]; total: number }> {
  const [products, counted] = await Promise.all([
    db.$queryRaw<ProductRecord[]>`SELECT ${COLUMNS} ${FROM} ${where(filter)}
      ORDER BY ${ORDER[filter.sort ?? 'name']} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${FROM} ${where(filter)}`,
  ])
  return { products, total: counted[0]?.total ?? 0 }
}

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

/**
 * Takes `quantity` units if at least that many are left, in one conditional UPDATE: under concurrency
 * the row lock makes every other taker re-check `stock >= quantity` against the committed value, so
 * stock can never go below zero. Returns the product with its new stock, or undefined when short/absent.
 */
export async function takeStock(tx: Tx, id: string, quantity: number): Promise<ProductRecord | undefined> {
  const rows = await tx.$queryRaw<ProductRecord[]>`
    UPDATE product p SET stock = p.stock - ${quantity}, updated_at = now()
    FROM category c WHERE c.id = p.category_id AND p.id = ${id}::uuid AND p.stock >= ${quantity}
    RETURNING ${COLUMNS}`
  return rows[0]
}

/** Gives units back; undefined when the product has been deleted since. */
export async function returnStock(tx: Tx, id: string, quantity: number): Promise<ProductRecord | undefined> {
  const rows = await tx.$queryRaw<ProductRecord[]>`
    UPDATE product p SET stock = p.stock + ${quantity}, updated_at = now()
    FROM category c WHERE c.id = p.category_id AND p.id = ${id}::uuid
    RETURNING ${COLUMNS}`
  return rows[0]
}

export async function stockOf(
  db: Queryable,
  id: string,
): Promise<{ name: string; stock: number } | undefined> {
  const rows = await db.$queryRaw<{ name: string; stock: number }[]>`
    SELECT name, stock FROM product WHERE id = ${id}::uuid`
  return rows[0]
}
