import type { RawSql } from '@medstore/service-kit'

/** Records a webhook as applied; false when it was applied before (a redelivery). */
export async function recordPaymentEvent(
  sql: RawSql,
  id: string,
  orderId: string | null,
  outcome: string,
): Promise<boolean> {
  const inserted = await sql.$executeRawUnsafe(
    'INSERT INTO payment_event (id, order_id, outcome) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    id,
    orderId,
    outcome,
  )
  return inserted === 1
}
