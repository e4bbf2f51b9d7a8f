import { type EventType, eventSchemas } from '@medstore/contracts/events'
import type { EventEnvelope, EventHandler } from '@medstore/service-kit'
import type { z } from 'zod'
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

/** The event's data checked against its contract; a malformed one throws, so it is retried and then parked. */
function dataOf<T extends EventType>(type: T, event: EventEnvelope): z.infer<(typeof eventSchemas)[T]> {
  return eventSchemas[type].parse(event.data) as z.infer<(typeof eventSchemas)[T]>
}

const occurredAt = (event: EventEnvelope) => new Date(event.occurredAt)

/** What the review service keeps from other services' events. */
export const reviewEventHandlers: Record<string, EventHandler<Tx>> = {
  'product.upserted': async (event, tx) => {
    const { productId, name } = dataOf('product.upserted', event)
    await applyProductEvent(tx, { id: productId, name, deleted: false, at: occurredAt(event) })
  },
  'product.deleted': async (event, tx) => {
    const { productId } = dataOf('product.deleted', event)
    await applyProductEvent(tx, { id: productId, name: '', deleted: true, at: occurredAt(event) })
  },
  'user.registered': async (event, tx) => {
    const { userId, name } = dataOf('user.registered', event)
    await saveCustomer(tx, { id: userId, ...splitFullName(name) })
  },
  // A delivered item makes the customer's review of that product a verified purchase; a vendor who
  // corrects the item back to another status takes that away again (verified = some item still delivered).
  'order.item_status_changed': async (event, tx) => {
    const { itemId, userId, productId, status } = dataOf('order.item_status_changed', event)
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
