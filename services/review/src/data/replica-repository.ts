import { keepNewest, type RawSql } from '@medstore/service-kit'
import { type AuthorName, splitFullName } from '../domain/author-name'
import type { Db } from './db'

// Replicas fed by other services' events (the products are in ./product-replica). A delivered order item
// remembers the occurredAt of the newest event applied to it, and an older event (one that waited in the
// retry queue while a newer one went through) is ignored: `WHERE last_event_at <= EXCLUDED.last_event_at`.
// What the event consumer writes is plain SQL (`RawSql`): its transactions are the pool's, not Prisma's.

/** A product can be reviewed while the catalogue sells it. */
export async function productExists(db: Db, productId: string): Promise<boolean> {
  const product = await db.product.findUnique({ where: { id: productId }, select: { deleted: true } })
  return product !== null && !product.deleted
}

/** Review authors' names, from user.registered (split into first and last name as reviews show them). */
export const reviewCustomers = keepNewest(
  'user.registered',
  { name: 'customers', tombstones: false },
  {
    id: (user) => user.userId,
    columns: (user) => {
      const { firstName, lastName } = splitFullName(user.name)
      return { first_name: firstName, last_name: lastName }
    },
  },
)

export async function findCustomerName(db: Db, userId: string): Promise<AuthorName | undefined> {
  const customer = await db.customer.findUnique({ where: { id: userId } })
  return customer ? { firstName: customer.firstName, lastName: customer.lastName } : undefined
}

export async function applyOrderItemEvent(
  sql: RawSql,
  item: { id: string; userId: string; productId: string; delivered: boolean; at: Date },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO order_items (id, user_id, product_id, delivered, last_event_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET delivered = EXCLUDED.delivered, last_event_at = EXCLUDED.last_event_at
     WHERE order_items.last_event_at <= EXCLUDED.last_event_at`,
    item.id,
    item.userId,
    item.productId,
    item.delivered,
    item.at,
  )
}

/** The customer has received this product: one of their order items for it is (still) delivered. */
export async function hasDelivered(sql: RawSql, userId: string, productId: string): Promise<boolean> {
  const [row] = await sql.$queryRawUnsafe<{ delivered: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM order_items WHERE user_id = $1 AND product_id = $2 AND delivered)
       AS delivered`,
    userId,
    productId,
  )
  return row?.delivered === true
}

/**
 * Serialises, until the transaction ends, everything that decides whether one customer's review of one
 * product is a verified purchase (writing the review, applying a delivery), so that two of them running
 * at once cannot each miss the other's change.
 */
export async function lockPurchase(sql: RawSql, userId: string, productId: string): Promise<void> {
  await sql.$executeRawUnsafe(
    `SELECT pg_advisory_xact_lock(hashtextextended($1 || '/' || $2, 0))`,
    userId,
    productId,
  )
}
