import type { RefundStatus } from '@medstore/contracts/order'
import type { RawSql } from '@medstore/service-kit'
import type { RefundDue } from '../domain/refunds'

/** Records owed refunds as pending (an id already recorded is left as it is: the id is the refund's key). */
export async function insertRefunds(sql: RawSql, orderId: string, owed: readonly RefundDue[]): Promise<void> {
  if (owed.length === 0) return
  await sql.$executeRawUnsafe(
    `INSERT INTO refund (id, order_id, item_id, amount_paise)
     SELECT r.id, $1, r.item_id, r.amount_paise FROM unnest($2::text[], $3::text[], $4::int[])
       AS r(id, item_id, amount_paise)
     ON CONFLICT DO NOTHING`,
    orderId,
    owed.map((r) => r.id),
    owed.map((r) => r.itemId),
    owed.map((r) => r.amountPaise),
  )
}

/** A refund as the refund job reads it, with the payment of its order it goes back to. */
export type StoredRefund = {
  id: string
  orderId: string
  amountPaise: number
  status: RefundStatus
  providerRefundId: string | null
  order: { id: string; paymentProvider: string | null; paymentId: string | null }
}

export async function findRefund(sql: RawSql, id: string): Promise<StoredRefund | undefined> {
  const [row] = await sql.$queryRawUnsafe<StoredRefund[]>(
    `SELECT r.id, r.order_id AS "orderId", r.amount_paise AS "amountPaise", r.status::text AS status,
       r.provider_refund_id AS "providerRefundId",
       json_build_object('id', o.id, 'paymentProvider', o.payment_provider, 'paymentId', o.payment_id) AS "order"
     FROM refund r JOIN orders o ON o.id = r.order_id WHERE r.id = $1`,
    id,
  )
  return row
}

/** Our id of the refund the provider knows by this id. */
export async function refundIdOf(sql: RawSql, providerRefundId: string): Promise<string | undefined> {
  const [row] = await sql.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id FROM refund WHERE provider_refund_id = $1 LIMIT 1',
    providerRefundId,
  )
  return row?.id
}

export async function saveRefund(
  sql: RawSql,
  id: string,
  change: { status?: RefundStatus; providerRefundId?: string },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE refund SET status = COALESCE($2::"RefundStatus", status),
       provider_refund_id = COALESCE($3, provider_refund_id), updated_at = now() WHERE id = $1`,
    id,
    change.status ?? null,
    change.providerRefundId ?? null,
  )
}
