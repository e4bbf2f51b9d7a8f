import type { RawSql } from '@medstore/service-kit'

/** Parks a payment event for a person: it changed nothing, and here is why and what the provider said. */
export async function parkPaymentEvent(
  sql: RawSql,
  review: { orderId: string | null; provider: string; eventId: string; reason: string; detail: unknown },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO payment_review (id, order_id, provider, event_id, reason, detail)
     VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5::jsonb)`,
    review.orderId,
    review.provider,
    review.eventId,
    review.reason,
    JSON.stringify(review.detail),
  )
}
