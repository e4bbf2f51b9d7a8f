import { eventHandlers, on } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import { messagingProducts, saveCustomer } from '../data/replicas'
import { recordOrderNotification } from '../use-cases/order-notifications'

/** What the messaging service does with other services' events. */
export const messagingEventHandlers = eventHandlers<Tx>(
  ...messagingProducts.subscriptions,
  on('user.registered', async ({ userId, email, name }, tx) => {
    await saveCustomer(tx, { id: userId, email, name })
  }),
  on('order.created', async (order, tx, event) => {
    await recordOrderNotification(tx, event.id, { kind: 'order.created', ...order })
  }),
  on('order.status_changed', async (order, tx, event) => {
    await recordOrderNotification(tx, event.id, { kind: 'order.status_changed', ...order })
  }),
  on('order.item_status_changed', async (item, tx, event) => {
    await recordOrderNotification(tx, event.id, { kind: 'order.item_status_changed', ...item })
  }),
)
