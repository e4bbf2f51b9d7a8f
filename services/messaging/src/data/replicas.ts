import { productReplica } from '@medstore/service-kit'
import type { Db, Tx } from './db'

export type Recipient = { email: string; name: string }

/** From user.registered: where to e-mail the customer and how to greet them. */
export async function saveCustomer(tx: Tx, customer: { id: string } & Recipient): Promise<void> {
  const { id, email, name } = customer
  await tx.customer.upsert({ where: { id }, create: { id, email, name }, update: { email, name } })
}

export async function findRecipients(db: Db, userIds: string[]): Promise<Map<string, Recipient>> {
  const customers = await db.customer.findMany({ where: { id: { in: userIds } } })
  return new Map(customers.map((c) => [c.id, { email: c.email, name: c.name }]))
}

/**
 * The products' names, for the text of item notifications. A deleted product keeps its name (notifications
 * about orders of it still name it), so deletions are not followed.
 */
export const messagingProducts = productReplica({
  service: 'messaging',
  table: 'product_names',
  eventTimeColumn: 'last_event_at',
  columns: (p) => ({ name: p.name }),
})

/** The names of the products this service knows of, by id. */
export async function findProductNames(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map()
  const products = await db.productName.findMany({ where: { id: { in: [...productIds] } } })
  return new Map(products.map((p) => [p.id, p.name]))
}
