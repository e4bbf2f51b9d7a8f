import type { RawSql } from '@medstore/service-kit'

/** From user.registered; a redelivered or repeated event just rewrites the same row. */
export async function saveCustomer(
  sql: RawSql,
  c: { id: string; name: string; email: string; registeredAt: Date },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO customer (id, name, email, registered_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email`,
    c.id,
    c.name,
    c.email,
    c.registeredAt,
  )
}
