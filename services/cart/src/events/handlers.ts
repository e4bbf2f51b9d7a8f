import { eventHandlers, onBatch, type RawSql } from '@medstore/service-kit'
import { clearCarts } from '../data/cart-repository'
import { cartProducts } from '../data/product-replica'

/** The cart's consumers: the product replica, and emptying a cart once its owner's order is created. */
export const cartEventHandlers = eventHandlers<RawSql>(
  ...cartProducts.subscriptions,
  // In batches: each order only deletes lines older than itself, so the orders of a batch can be applied
  // together, in any order, and leave what one-by-one would.
  onBatch('order.created', async (orders, tx) => {
    await clearCarts(
      tx,
      orders.map(({ data, occurredAt }) => ({ userId: data.userId, placedAt: new Date(occurredAt) })),
    )
  }),
)
