import { categoryIdQuery, categoryInput } from '@medstore/contracts/catalogue'
import { type AuthMiddleware, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import type { Db } from '../data/db'
import { createCategory, deleteCategory, getCategories } from '../use-cases/categories'

export function categoryRouter(db: Db, auth: AuthMiddleware): Router {
  const router = Router()
  router.get('/category', async (_req, res) => {
    res.json(await getCategories(db))
  })
  router.post('/category', auth.requireAdmin, async (req, res) => {
    const { name } = parseInput(categoryInput, req.body ?? {})
    res.status(201).json(await createCategory(db, name))
  })
  router.delete('/category', auth.requireAdmin, async (req, res) => {
    const { id } = parseInput(categoryIdQuery, req.query)
    res.json(await deleteCategory(db, id))
  })
  return router
}
