import { cartApi } from '@medstore/contracts/cart'
import { type AuthMiddleware, apiRouter } from '@medstore/service-kit'
import type { cartUseCases } from '../use-cases/cart'

/** The documented cart routes (spec section 7); each works on the signed-in caller's own cart. */
export function cartRouter(auth: AuthMiddleware, cart: ReturnType<typeof cartUseCases>) {
  return apiRouter(auth)
    .route(cartApi.view, ({ user }) => cart.view(user.id))
    .route(cartApi.add, ({ user, body }) => cart.add(user.id, body))
    .route(cartApi.setLine, ({ user, body }) => cart.set(user.id, body))
    .route(cartApi.remove, ({ user, query }) => cart.remove(user.id, query.productId)).router
}
