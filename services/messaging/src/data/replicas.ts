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

/** From product.upserted; an older event arriving after a newer one is ignored. */
export async function saveProductName(
  tx: Tx,
  product: { id: string; name: string; at: Date },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO product_names (id, name, last_event_at) VALUES (${product.id}, ${product.name}, ${product.at})
    ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, last_event_at = EXCLUDED.last_event_at
    WHERE product_names.last_event_at <= EXCLUDED.last_event_at`
}

export async function findProductName(db: Db, productId: string): Promise<string | null> {
  return (await db.productName.findUnique({ where: { id: productId } }))?.name ?? null
}
