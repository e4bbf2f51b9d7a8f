import {
  categoryProductQuery,
  productForm,
  productIdQuery,
  productQuery,
} from '@medstore/contracts/catalogue'
import { type AuthMiddleware, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import type { ProductUseCases } from '../use-cases/products'
import { productFormParser, uploadedImage } from './multipart'

export function productRouter(products: ProductUseCases, auth: AuthMiddleware): Router {
  const router = Router()
  const form = productFormParser()

  router.get('/product', async (req, res) => {
    res.json(await products.list(parseInput(productQuery, req.query)))
  })
  router.get('/product/categoryProduct', async (req, res) => {
    const { category } = parseInput(categoryProductQuery, req.query)
    res.json(await products.byCategory(category))
  })
  router.get('/product/productById', async (req, res) => {
    const { productId } = parseInput(productIdQuery, req.query)
    res.json(await products.byId(productId))
  })
  // Roles are checked before the body is read: a customer's upload is refused without being parsed.
  router.post('/product', auth.requireAdmin, form, async (req, res) => {
    const fields = parseInput(productForm, req.body ?? {})
    res.status(201).json(await products.create(fields, uploadedImage(req.file)))
  })
  router.put('/product', auth.requireAdmin, form, async (req, res) => {
    const { productId } = parseInput(productIdQuery, req.query)
    const fields = parseInput(productForm, req.body ?? {})
    res.json(await products.update(productId, fields, uploadedImage(req.file)))
  })
  router.delete('/product', auth.requireAdmin, async (req, res) => {
    const { productId } = parseInput(productIdQuery, req.query)
    res.json(await products.remove(productId))
  })
  return router
}
