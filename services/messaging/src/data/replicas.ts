import { productReplica, type RawSql } from '@medstore/service-kit'

export type Recipient = { email: string; name: string }

/** From user.registered: where to e-mail the customer and how to greet them. */
export async function saveCustomer(sql: RawSql, customer: { id: string } & Recipient): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO customers (id, email, name) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name`,
    customer.id,
    customer.email,
    customer.name,
  )
}

export async function findRecipients(sql: RawSql, userIds: string[]): Promise<Map<string, Recipient>> {
  const customers = await sql.$queryRawUnsafe<({ id: string } & Recipient)[]>(
    'SELECT id, email, name FROM customers WHERE id = ANY($1::text[])',
    userIds,
  )
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
export async function findProductNames(
  sql: RawSql,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map()
  const products = await sql.$queryRawUnsafe<{ id: string; name: string }[]>(
    'SELECT id, name FROM product_names WHERE id = ANY($1::text[])',
    [...productIds],
  )
  return new Map(products.map((p) => [p.id, p.name]))
}
