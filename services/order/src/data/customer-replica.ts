import type { Tx } from './db'

/** From user.registered; a redelivered or repeated event just rewrites the same row. */
export async function saveCustomer(
  tx: Tx,
  c: { id: string; name: string; email: string; registeredAt: Date },
): Promise<void> {
  await tx.customer.upsert({
    where: { id: c.id },
    create: c,
    update: { name: c.name, email: c.email },
  })
}
