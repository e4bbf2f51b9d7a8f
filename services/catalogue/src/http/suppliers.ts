import { TOTAL_COUNT_HEADER } from '@medstore/contracts/api'
import {
  createSupplierRequest,
  supplierIdParams,
  supplierListQuery,
  updateSupplierRequest,
} from '@medstore/contracts/supplier'
import { type AuthMiddleware, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import type { SupplierUseCases } from '../use-cases/suppliers'

/** GET, POST /supplier and PUT /supplier/:id (administrators only). */
export function supplierRouter(suppliers: SupplierUseCases, auth: AuthMiddleware): Router {
  const router = Router()
  router.get('/supplier', auth.requireAdmin, async (req, res) => {
    const { suppliers: page, total } = await suppliers.list(parseInput(supplierListQuery, req.query))
    res.set(TOTAL_COUNT_HEADER, String(total)).json(page)
  })
  router.post('/supplier', auth.requireAdmin, async (req, res) => {
    res.status(201).json(await suppliers.create(parseInput(createSupplierRequest, req.body ?? {})))
  })
  router.put('/supplier/:id', auth.requireAdmin, async (req, res) => {
    const { id } = parseInput(supplierIdParams, req.params)
    res.json(await suppliers.update(id, parseInput(updateSupplierRequest, req.body ?? {})))
  })
  return router
}
