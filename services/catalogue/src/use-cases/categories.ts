import type { Category } from '@medstore/contracts/catalogue'
import { conflict, notFound } from '@medstore/service-kit'
import {
  countProductsIn,
  deleteCategoryRow,
  insertCategory,
  listCategories,
  lockCategory,
} from '../data/categories'
import { type Db, isUniqueViolation } from '../data/db'
import { publishCategoryDeleted } from '../events/catalogue-events'

const view = (c: { id: string; name: string }): Category => ({ _id: c.id, name: c.name })

export async function getCategories(db: Db): Promise<Category[]> {
  return (await listCategories(db)).map(view)
}

export async function createCategory(db: Db, name: string): Promise<Category> {
  try {
    return view(await insertCategory(db, name))
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A category named "${name}" exists already`)
    throw err
  }
}

/** Deletes a category no product uses; refuses (409, with the count) rather than orphan products. */
export async function deleteCategory(db: Db, id: string): Promise<{ message: string }> {
  return db.$transaction(async (tx) => {
    const category = await lockCategory(tx, id)
    if (!category) throw notFound('Category not found')
    const used = await countProductsIn(tx, id)
    if (used > 0)
      throw conflict(
        `Category "${category.name}" is used by ${used} product${used === 1 ? '' : 's'}; move or delete ${used === 1 ? 'it' : 'them'} first`,
      )
    await deleteCategoryRow(tx, id)
    await publishCategoryDeleted(tx, id, category.name)
    return { message: `Category "${category.name}" deleted` }
  })
}
