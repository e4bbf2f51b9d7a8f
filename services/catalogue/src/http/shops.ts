import { LIST_LIMIT_MAX, pageOf, pagingQuery } from '@medstore/contracts/api'
import { shopIdParams } from '@medstore/contracts/catalogue'
import { notFound, parseInput, setPageHeaders } from '@medstore/service-kit'
import { Router } from 'express'
import type { Db } from '../data/db'
import { findShop, listShops } from '../data/shops'

export function shopRouter(db: Db, publicApiUrl: string): Router {
  const router = Router()
  router.get('/shop', async (req, res) => {
    const page = pageOf(parseInput(pagingQuery, req.query), LIST_LIMIT_MAX)
    const { shops, total } = await listShops(db, publicApiUrl, page)
    setPageHeaders(req, res, page, total)
    res.json(shops)
  })
  router.get('/shop/:id', async (req, res) => {
    const { id } = parseInput(shopIdParams, req.params)
    const shop = await findShop(db, id, publicApiUrl)
    if (!shop) throw notFound('Shop not found')
    res.json(shop)
  })
  return router
}
