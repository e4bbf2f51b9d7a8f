import { cartLineRequest, removeFromCartQuery } from '@medstore/contracts/cart'
import { type AuthMiddleware, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import type { cartUseCases } from '../use-cases/cart'

/** The documented cart routes (spec section 7); each works on the signed-in caller's own cart. */
export function cartRouter(auth: AuthMiddleware, cart: ReturnType<typeof cartUseCases>): Router {
  const router = Router()
  router.get('/cart', auth.requireUser, async (req, res) => {
    res.json(await cart.view(req.user!.id))
  })
  router.post('/cart', auth.requireUser, async (req, res) => {
    res.json(await cart.add(req.user!.id, parseInput(cartLineRequest, req.body)))
  })
  router.put('/cart', auth.requireUser, async (req, res) => {
    res.json(await cart.set(req.user!.id, parseInput(cartLineRequest, req.body)))
  })
  router.delete('/cart', auth.requireUser, async (req, res) => {
    const { productId } = parseInput(removeFromCartQuery, req.query)
    res.json(await cart.remove(req.user!.id, productId))
  })
  return router
}
