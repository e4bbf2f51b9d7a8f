import { shopIdParams } from '@medstore/contracts/catalogue'
import { notFound, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import type { Db } from '../data/db'
import { findShop, listShops } from '../data/shops'

export function shopRouter(db: Db, publicApiUrl: string): Router {
  const router = Router()
  router.get('/shop', async (_req, res) => {
    res.json(await listShops(db, publicApiUrl))
  })
  router.get('/shop/:id', async (req, res) => {
    const { id } = parseInput(shopIdParams, req.params)
    const shop = await findShop(db, id, publicApiUrl)
    if (!shop) throw notFound('Shop not found')
    res.json(shop)
  })
  return router
}
