import type { Category } from '@medstore/contracts/catalogue'
import { Conflict, NotFound, sqlOver, sqlTransaction } from '@medstore/service-kit'
import type pg from 'pg'
import {
  countProductsIn,
  deleteCategoryRow,
  insertCategory,
  listCategories,
  lockCategory,
} from '../data/categories'
import { isUniqueViolation } from '../data/db'
import { publishCategoryDeleted } from '../events/catalogue-events'
import { presentCategory } from '../presenters/catalogue'

export function categoryUseCases(pool: pg.Pool) {
  const db = sqlOver(pool)
  return {
    list: async (): Promise<Category[]> => (await listCategories(db)).map(presentCategory),

    async create(name: string): Promise<Category> {
      try {
        return presentCategory(await insertCategory(db, name))
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(`A category named "${name}" exists already`)
        throw err
      }
    },

    /** Deletes a category no product uses; refuses (with the count) rather than orphan products. */
    async remove(id: string): Promise<{ message: string }> {
      return sqlTransaction(pool, async (tx) => {
        const category = await lockCategory(tx, id)
        if (!category) throw new NotFound('Category not found')
        const used = await countProductsIn(tx, id)
        if (used > 0)
          throw new Conflict(
            `Category "${category.name}" is used by ${used} product${used === 1 ? '' : 's'}; move or delete ${used === 1 ? 'it' : 'them'} first`,
          )
        await deleteCategoryRow(tx, id)
        await publishCategoryDeleted(tx, id, category.name)
        return { message: `Category "${category.name}" deleted` }
      })
    },
  }
}
