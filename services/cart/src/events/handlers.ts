import { eventHandlers, on } from '@medstore/service-kit'
import { clearCart } from '../data/cart-repository'
import type { Tx } from '../data/db'
import { cartProducts } from '../data/product-replica'

/** The cart's consumers: the product replica, and emptying a cart once its owner's order is created. */
export const cartEventHandlers = eventHandlers<Tx>(
  ...cartProducts.subscriptions,
  on('order.created', async ({ userId }, tx, event) => {
    await clearCart(tx, userId, new Date(event.occurredAt))
  }),
)
