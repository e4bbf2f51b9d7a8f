import { productReplica } from '@medstore/catalogue-kit'
import type { Language } from '@medstore/contracts/languages'
import { keepNewest, type RawSql } from '@medstore/service-kit'
import { languageOf } from '../domain/messages'

export type Recipient = { email: string; name: string; language: Language }

/**
 * From user.registered: where to e-mail the customer, how to greet them, and the language they signed up
 * in. A language chosen since (user.locale_changed, which may have been applied first) is kept.
 */
export const messagingCustomers = keepNewest(
  'user.registered',
  { name: 'customers', tombstones: false },
  {
    id: (user) => user.userId,
    columns: (user) => ({ email: user.email, name: user.name, locale: user.locale ?? null }),
    keep: ['locale'],
  },
)

/**
 * From user.locale_changed: the language the customer's e-mails are written in from now on. A customer
 * not known yet gets a row with their language alone (no address: nothing is sent until user.registered).
 */
export async function saveCustomerLocale(sql: RawSql, userId: string, locale: Language): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO customers (id, email, name, locale) VALUES ($1, '', '', $2)
     ON CONFLICT (id) DO UPDATE SET locale = excluded.locale`,
    userId,
    locale,
  )
}

/** The customers with a known address, by id. */
export async function findRecipients(sql: RawSql, userIds: string[]): Promise<Map<string, Recipient>> {
  const customers = await sql.$queryRawUnsafe<
    { id: string; email: string; name: string; locale: string | null }[]
  >(`SELECT id, email, name, locale FROM customers WHERE id = ANY($1::text[]) AND email <> ''`, userIds)
  return new Map(
    customers.map((c) => [c.id, { email: c.email, name: c.name, language: languageOf(c.locale) }]),
  )
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
