import { categoryKey } from '../domain/search'
import type { Queryable, Tx } from './db'

export type CategoryRecord = { id: string; name: string }

export function listCategories(db: Queryable): PromiseLike<CategoryRecord[]> {
  return db.$queryRawUnsafe<CategoryRecord[]>(
    'SELECT id::text AS id, name FROM category ORDER BY name_key, id',
  )
}

export async function findCategoryByName(db: Queryable, name: string): Promise<CategoryRecord | undefined> {
  const [row] = await db.$queryRawUnsafe<CategoryRecord[]>(
    'SELECT id::text AS id, name FROM category WHERE name_key = $1',
    categoryKey(name),
  )
  return row
}

/** Throws a unique violation when the name exists already (any case). */
export async function insertCategory(db: Queryable, name: string): Promise<CategoryRecord> {
  const [row] = await db.$queryRawUnsafe<CategoryRecord[]>(
    `INSERT INTO category (id, name, name_key) VALUES (gen_random_uuid(), $1, $2) RETURNING id::text AS id, name`,
    name,
    categoryKey(name),
  )
  return row!
}

/** Locks the category row: a product being added to it waits, so a delete never orphans one. */
export async function lockCategory(tx: Tx, id: string): Promise<CategoryRecord | undefined> {
  const [row] = await tx.$queryRawUnsafe<CategoryRecord[]>(
    'SELECT id::text AS id, name FROM category WHERE id = $1::uuid FOR UPDATE',
    id,
  )
  return row
}

export async function countProductsIn(tx: Tx, categoryId: string): Promise<number> {
  const [row] = await tx.$queryRawUnsafe<{ count: number }[]>(
    'SELECT count(*)::int AS count FROM product WHERE category_id = $1::uuid',
    categoryId,
  )
  return row!.count
}

export async function deleteCategoryRow(tx: Tx, id: string): Promise<void> {
  await tx.$executeRawUnsafe('DELETE FROM category WHERE id = $1::uuid', id)
}

/** Inserts categories with their ids (the demo seed), in one statement. */
export async function insertCategories(tx: Tx, categories: CategoryRecord[]): Promise<void> {
  await tx.$executeRawUnsafe(
    'INSERT INTO category (id, name, name_key) SELECT id, name, name_key FROM unnest($1::uuid[], $2::text[], $3::text[]) AS c(id, name, name_key)',
    categories.map((c) => c.id),
    categories.map((c) => c.name),
    categories.map((c) => categoryKey(c.name)),
  )
}
