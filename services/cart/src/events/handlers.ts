import { parseEventData } from '@medstore/contracts/events'
import { toPaise } from '@medstore/contracts/money'
import type { EventEnvelope, EventHandler } from '@medstore/service-kit'
import { clearCart } from '../data/cart-repository'
import type { Tx } from '../data/db'
import { deleteProduct, upsertProduct } from '../data/product-replica'

const occurredAt = (event: EventEnvelope) => new Date(event.occurredAt)

/** The cart's consumers: the product replica, and emptying a cart once its owner's order is created. */
export const cartEventHandlers: Record<string, EventHandler<Tx>> = {
  'product.upserted': async (event, tx) => {
    const p = parseEventData('product.upserted', event.data)
    await upsertProduct(
      tx,
      { id: p.productId, name: p.name, pricePaise: toPaise(p.price), image: p.image, stock: p.stock },
      occurredAt(event),
    )
  },
  'product.deleted': async (event, tx) => {
    const { productId } = parseEventData('product.deleted', event.data)
    await deleteProduct(tx, productId, occurredAt(event))
  },
  'order.created': async (event, tx) => {
    const { userId } = parseEventData('order.created', event.data)
    await clearCart(tx, userId, occurredAt(event))
  },
}
