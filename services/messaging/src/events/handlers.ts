import { type EventType, eventSchemas } from '@medstore/contracts/events'
import type { EventEnvelope, EventHandler } from '@medstore/service-kit'
import type { z } from 'zod'
import type { Tx } from '../data/db'
import { saveCustomer, saveProductName } from '../data/replicas'
import { recordOrderNotification } from '../use-cases/order-notifications'

/** The event's data checked against its contract; a malformed one throws, so it is retried and then parked. */
function dataOf<T extends EventType>(type: T, event: EventEnvelope): z.infer<(typeof eventSchemas)[T]> {
  return eventSchemas[type].parse(event.data) as z.infer<(typeof eventSchemas)[T]>
}

/** What the messaging service does with other services' events. */
export const messagingEventHandlers: Record<string, EventHandler<Tx>> = {
  'user.registered': async (event, tx) => {
    const { userId, email, name } = dataOf('user.registered', event)
    await saveCustomer(tx, { id: userId, email, name })
  },
  'product.upserted': async (event, tx) => {
    const { productId, name } = dataOf('product.upserted', event)
    await saveProductName(tx, { id: productId, name, at: new Date(event.occurredAt) })
  },
  'order.created': async (event, tx) => {
    const order = dataOf('order.created', event)
    await recordOrderNotification(tx, event.id, { kind: 'order.created', ...order })
  },
  'order.status_changed': async (event, tx) => {
    const order = dataOf('order.status_changed', event)
    await recordOrderNotification(tx, event.id, { kind: 'order.status_changed', ...order })
  },
  'order.item_status_changed': async (event, tx) => {
    const item = dataOf('order.item_status_changed', event)
    await recordOrderNotification(tx, event.id, { kind: 'order.item_status_changed', ...item })
  },
}
