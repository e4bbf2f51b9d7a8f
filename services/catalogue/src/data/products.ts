import type { ProductSort } from '@medstore/contracts/catalogue'
import type { ProductRecord } from '../domain/product-view'
import { categoryKey, containsPattern } from '../domain/search'
import { Prisma } from '../generated/prisma/client'
import type { Queryable, Tx } from './db'

// Reads go through SQL so a list never touches image bytes and the name search uses the trigram index.
export const COLUMNS = Prisma.sql`p.id::text AS id, p.name, c.name AS category, p.price_paise AS "pricePaise",
  p.description, p.image_id AS "imageId", p.stock, p.requires_prescription AS "requiresPrescription"`
export const FROM = Prisma.sql`FROM product p JOIN category c ON c.id = p.category_id`

const ORDER: Record<ProductSort, Prisma.Sql> = {
  name: Prisma.sql`p.name ASC, p.id ASC`,
  '-name': Prisma.sql`p.name DESC, p.id ASC`,
  price: Prisma.sql`p.price_paise ASC, p.id ASC`,
  '-price': Prisma.sql`p.price_paise DESC, p.id ASC`,
  newest: Prisma.sql`p.created_at DESC, p.id ASC`,
}

export type ProductFilter = { q?: string; category?: string; sort?: ProductSort }

// The category is matched by a scalar subquery rather than through the join: counting needs no join,
// and PostgreSQL treats the id as a constant, so (category_id, name) hands out a category in name order.
function where({ q, category }: ProductFilter): Prisma.Sql {
  const conditions: Prisma.Sql[] = []
  if (q) conditions.push(Prisma.sql`p.name ILIKE ${containsPattern(q)}`)
  if (category)
    conditions.push(
      Prisma.sql`p.category_id = (SELECT id FROM category WHERE name_key = ${categoryKey(category)})`,
    )
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
}

/** Every matching product (the documented unpaged list). */
export function listProducts(db: Queryable, filter: ProductFilter): Promise<ProductRecord[]> {
  return db.$queryRaw<ProductRecord[]>`SELECT ${COLUMNS} ${FROM} ${where(filter)}
    ORDER BY ${ORDER[filter.sort ?? 'name']}`
}

/**
 * One page of matching products and how many match, counted up to `countCap` (`capped` when more do).
 *
 * A name search needs care. Ordering by name with LIMIT tempts PostgreSQL to walk the name index and
 * filter, which is instant when matches are everywhere ("mg") but reads most of the table when they
 * sit late in the alphabet ("paracetamol": ~180 ms on 100,000 products). So a search first collects
 * up to countCap + 1 matches through the trigram index (a materialised CTE, so the planner can't turn
 * it into a walk) and, when they are all there is, sorts and pages them in the same statement: the
 * cost follows the number of matches, at most countCap. Only a term with more matches than that,
 * i.e. a broad one whose matches are spread through the index, is paged by the ordered walk.
 */
export async function pageProducts(
  db: Queryable,
  filter: ProductFilter,
  page: number,
  limit: number,
  countCap: number,
): Promise<{ products: ProductRecord[]; total: number; capped: boolean }> {
  const condition = where(filter)
  const order = ORDER[filter.sort ?? 'name']
  const offset = (page - 1) * limit
  const walk = () =>
    db.$queryRaw<
      ProductRecord[]
    >`SELECT ${COLUMNS} ${FROM} ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
  if (!filter.q) {
    // Without a search the ordered walk (name, or category then name) is always quick; the capped
    // count rides along in the same statement (each query costs a round trip through Prisma).
    const rows = await db.$queryRaw<(ProductRecord & { total: number })[]>`SELECT
        (SELECT count(*)::int FROM (SELECT 1 FROM product p ${condition} LIMIT ${countCap + 1}) hits) AS total,
        ${COLUMNS} ${FROM} ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
    const n = rows.length
      ? rows[0]!.total
      : ((
          await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n
          FROM (SELECT 1 FROM product p ${condition} LIMIT ${countCap + 1}) hits`
        )[0]?.n ?? 0)
    const products = rows.map(({ total: _, ...product }) => product)
    return { products, total: Math.min(n, countCap), capped: n > countCap }
  }
  const rows = await db.$queryRaw<(ProductRecord & { total: number })[]>`
    WITH hits AS MATERIALIZED (
      SELECT p.id, p.name, p.price_paise, p.created_at FROM product p ${condition} LIMIT ${countCap + 1}
    ),
    counted AS (SELECT count(*)::int AS n FROM hits),
    paged AS (
      SELECT p.id FROM hits p WHERE (SELECT n FROM counted) <= ${countCap}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
    )
    SELECT counted.n AS total, ${COLUMNS} FROM counted
    LEFT JOIN (paged JOIN product p ON p.id = paged.id JOIN category c ON c.id = p.category_id) ON true
    ORDER BY ${order}`
  const n = rows[0]?.total ?? 0
  if (n > countCap) return { products: await walk(), total: countCap, capped: true }
  const products = rows.filter((r) => r.id !== null).map(({ total: _, ...product }) => product)
  return { products, total: n, capped: false }
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
