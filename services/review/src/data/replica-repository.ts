import type { AuthorName } from '../domain/author-name'
import type { Db, Tx } from './db'

// Replicas fed by other services' events (the products are in ./product-replica). A delivered order item
// remembers the occurredAt of the newest event applied to it, and an older event (one that waited in the
// retry queue while a newer one went through) is ignored: `WHERE last_event_at <= EXCLUDED.last_event_at`.

/** A product can be reviewed while the catalogue sells it. */
export async function productExists(db: Db, productId: string): Promise<boolean> {
  const product = await db.product.findUnique({ where: { id: productId }, select: { deleted: true } })
  return product !== null && !product.deleted
}

export async function saveCustomer(tx: Tx, customer: { id: string } & AuthorName): Promise<void> {
  const { id, firstName, lastName } = customer
  await tx.customer.upsert({
    where: { id },
    create: { id, firstName, lastName },
    update: { firstName, lastName },
  })
}

export async function findCustomerName(db: Db, userId: string): Promise<AuthorName | undefined> {
  const customer = await db.customer.findUnique({ where: { id: userId } })
  return customer ? { firstName: customer.firstName, lastName: customer.lastName } : undefined
}

export async function applyOrderItemEvent(
  tx: Tx,
  item: { id: string; userId: string; productId: string; delivered: boolean; at: Date },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO order_items (id, user_id, product_id, delivered, last_event_at)
    VALUES (${item.id}, ${item.userId}, ${item.productId}, ${item.delivered}, ${item.at})
    ON CONFLICT (id) DO UPDATE SET delivered = EXCLUDED.delivered, last_event_at = EXCLUDED.last_event_at
    WHERE order_items.last_event_at <= EXCLUDED.last_event_at`
}

/** The customer has received this product: one of their order items for it is (still) delivered. */
export async function hasDelivered(db: Db, userId: string, productId: string): Promise<boolean> {
  return (await db.orderItem.count({ where: { userId, productId, delivered: true } })) > 0
}

/**
 * Serialises, until the transaction ends, everything that decides whether one customer's review of one
 * product is a verified purchase (writing the review, applying a delivery), so that two of them running
 * at once cannot each miss the other's change.
 */
export async function lockPurchase(tx: Tx, userId: string, productId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${userId} || '/' || ${productId}, 0))`
}
