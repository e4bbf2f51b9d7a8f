import { parseEventData } from '@medstore/contracts/events'
import { toPaise } from '@medstore/contracts/money'
import type { EventEnvelope, EventHandler } from '@medstore/service-kit'
import { saveCustomer } from '../data/customer-replica'
import type { Tx } from '../data/db'
import { deleteProduct, upsertProduct } from '../data/product-replica'
import type { StockReservations } from '../stock/reservations'

const occurredAt = (event: EventEnvelope) => new Date(event.occurredAt)

/**
 * The order service's consumers: its product and customer replicas, and giving back the stock of a cancelled order. The
 * release reacts to our own order.status_changed event so it is retried (with the consumer's delay and
 * dead-letter queue) until the catalogue has it, even if the catalogue was down when the order was cancelled.
 */
export function orderEventHandlers(stock: StockReservations): Record<string, EventHandler<Tx>> {
  return {
    // The customer replica behind the dashboard's names and new-customer counts. The administrator is
    // no customer: left out (an event from before isAdmin existed has none and counts as a customer).
    'user.registered': async (event, tx) => {
      const { userId, name, email, isAdmin } = parseEventData('user.registered', event.data)
      if (isAdmin) return
      await saveCustomer(tx, { id: userId, name, email, registeredAt: occurredAt(event) })
    },
    'product.upserted': async (event, tx) => {
      const p = parseEventData('product.upserted', event.data)
      await upsertProduct(
        tx,
        {
          id: p.productId,
          name: p.name,
          category: p.category,
          pricePaise: toPaise(p.price),
          image: p.image,
          stock: p.stock,
        },
        occurredAt(event),
      )
    },
    'product.deleted': async (event, tx) => {
      const { productId } = parseEventData('product.deleted', event.data)
      await deleteProduct(tx, productId, occurredAt(event))
    },
    'order.status_changed': async (event) => {
      const { orderId, status } = parseEventData('order.status_changed', event.data)
      if (status === 'cancelled') await stock.release(orderId)
    },
  }
}
