import { eventHandlers, on, type RawSql } from '@medstore/service-kit'
import { reviewProducts } from '../data/product-replica'
import { applyOrderItemEvent, hasDelivered, lockPurchase, reviewCustomers } from '../data/replica-repository'
import { setVerifiedPurchase } from '../data/review-repository'

/** What the review service keeps from other services' events. */
export const reviewEventHandlers = eventHandlers<RawSql>(
  ...reviewProducts.subscriptions,
  reviewCustomers,
  // A delivered item makes the customer's review of that product a verified purchase; a vendor who
  // corrects the item back to another status takes that away again (verified = some item still delivered).
  on('order.item_status_changed', async ({ itemId, userId, productId, status }, tx, event) => {
    await lockPurchase(tx, userId, productId)
    await applyOrderItemEvent(tx, {
      id: itemId,
      userId,
      productId,
      delivered: status === 'delivered',
      at: new Date(event.occurredAt),
    })
    await setVerifiedPurchase(tx, userId, productId, await hasDelivered(tx, userId, productId))
  }),
)
