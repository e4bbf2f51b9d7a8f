import { categoryKey } from '../domain/search'
import type { Queryable, Tx } from './db'

export type CategoryRecord = { id: string; name: string }

export function listCategories(db: Queryable): Promise<CategoryRecord[]> {
  return db.category.findMany({
    select: { id: true, name: true },
    orderBy: [{ nameKey: 'asc' }, { id: 'asc' }],
  })
}

export function findCategoryByName(db: Queryable, name: string): Promise<CategoryRecord | null> {
  return db.category.findUnique({ where: { nameKey: categoryKey(name) }, select: { id: true, name: true } })
}

/** Throws Prisma's unique violation when the name exists already (any case). */
export function insertCategory(db: Queryable, name: string): Promise<CategoryRecord> {
  return db.category.create({ data: { name, nameKey: categoryKey(name) }, select: { id: true, name: true } })
}

/** Locks the category row: a product being added to it waits, so a delete never orphans one. */
export async function lockCategory(tx: Tx, id: string): Promise<CategoryRecord | undefined> {
  const rows = await tx.$queryRaw<CategoryRecord[]>`
    SELECT id::text AS id, name FROM category WHERE id = ${id}::uuid FOR UPDATE`
  return rows[0]
}

export function countProductsIn(tx: Tx, categoryId: string): Promise<number> {
  return tx.product.count({ where: { categoryId } })
}

export async function deleteCategoryRow(tx: Tx, id: string): Promise<void> {
  await tx.category.delete({ where: { id } })
}
