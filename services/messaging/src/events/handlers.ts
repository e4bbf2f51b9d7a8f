import { parseEventData } from '@medstore/contracts/events'
import type { EventHandler } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { saveCustomer, saveProductName } from '../data/replicas'
import { recordOrderNotification } from '../use-cases/order-notifications'

/** What the messaging service does with other services' events. */
export const messagingEventHandlers: Record<string, EventHandler<Tx>> = {
  'user.registered': async (event, tx) => {
    const { userId, email, name } = parseEventData('user.registered', event.data)
    await saveCustomer(tx, { id: userId, email, name })
  },
  'product.upserted': async (event, tx) => {
    const { productId, name } = parseEventData('product.upserted', event.data)
    await saveProductName(tx, { id: productId, name, at: new Date(event.occurredAt) })
  },
  'order.created': async (event, tx) => {
    const order = parseEventData('order.created', event.data)
    await recordOrderNotification(tx, event.id, { kind: 'order.created', ...order })
  },
  'order.status_changed': async (event, tx) => {
    const order = parseEventData('order.status_changed', event.data)
    await recordOrderNotification(tx, event.id, { kind: 'order.status_changed', ...order })
  },
  'order.item_status_changed': async (event, tx) => {
    const item = parseEventData('order.item_status_changed', event.data)
    await recordOrderNotification(tx, event.id, { kind: 'order.item_status_changed', ...item })
  },
}
