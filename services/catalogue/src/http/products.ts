import {
  categoryProductQuery,
  productForm,
  productIdQuery,
  productQuery,
} from '@medstore/contracts/catalogue'
import { type AuthMiddleware, parseInput, setPageHeaders } from '@medstore/service-kit'
import { type Request, type Response, Router } from 'express'
import type { ProductList, ProductUseCases } from '../use-cases/products'
import { productFormParser, uploadedImage } from './multipart'

export function productRouter(products: ProductUseCases, auth: AuthMiddleware): Router {
  const router = Router()
  const form = productFormParser()

  // Every list answer is bounded (one page) and carries X-Total-Count and Link; without page/limit the
  // body stays the documented array.
  const send = (req: Request, res: Response, list: ProductList) => {
    setPageHeaders(req, res, list.page, list.total)
    if (!list.paged) return void res.json(list.products)
    const { products: items, total, capped, page } = list
    res.json({ products: items, total, totalCapped: capped, page: page.page, limit: page.limit })
  }
  router.get('/product', async (req, res) => {
    send(req, res, await products.list(parseInput(productQuery, req.query)))
  })
  router.get('/product/categoryProduct', async (req, res) => {
    const { category, ...paging } = parseInput(categoryProductQuery, req.query)
    send(req, res, await products.byCategory(category, paging))
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
