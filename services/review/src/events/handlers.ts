import { parseEventData } from '@medstore/contracts/events'
import type { EventEnvelope, EventHandler } from '@medstore/service-kit'
import type { Tx } from '../data/db'
import {
  applyOrderItemEvent,
  applyProductEvent,
  hasDelivered,
  lockPurchase,
  saveCustomer,
} from '../data/replica-repository'
import { setVerifiedPurchase } from '../data/review-repository'
import { splitFullName } from '../domain/author-name'

const occurredAt = (event: EventEnvelope) => new Date(event.occurredAt)

/** What the review service keeps from other services' events. */
export const reviewEventHandlers: Record<string, EventHandler<Tx>> = {
  'product.upserted': async (event, tx) => {
    const { productId, name } = parseEventData('product.upserted', event.data)
    await applyProductEvent(tx, { id: productId, name, deleted: false, at: occurredAt(event) })
  },
  'product.deleted': async (event, tx) => {
    const { productId } = parseEventData('product.deleted', event.data)
    await applyProductEvent(tx, { id: productId, name: '', deleted: true, at: occurredAt(event) })
  },
  'user.registered': async (event, tx) => {
    const { userId, name } = parseEventData('user.registered', event.data)
    await saveCustomer(tx, { id: userId, ...splitFullName(name) })
  },
  // A delivered item makes the customer's review of that product a verified purchase; a vendor who
  // corrects the item back to another status takes that away again (verified = some item still delivered).
  'order.item_status_changed': async (event, tx) => {
    const { itemId, userId, productId, status } = parseEventData('order.item_status_changed', event.data)
    await lockPurchase(tx, userId, productId)
    await applyOrderItemEvent(tx, {
      id: itemId,
      userId,
      productId,
      delivered: status === 'delivered',
      at: occurredAt(event),
    })
    await setVerifiedPurchase(tx, userId, productId, await hasDelivered(tx, userId, productId))
  },
}
