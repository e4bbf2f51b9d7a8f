import type { RawSql } from '@medstore/service-kit'

// The order's prescription state and the replica of customers' prescriptions: plain SQL, run by placing
// (in its transaction), by the prescription events' consumer and by the sweep.

export type OrderPrescriptionRow = {
  orderId: string
  status: 'awaiting_verification' | 'approved' | 'rejected'
  prescriptionId: string
  reason: string | null
  reattachBy: Date | null
  updatedAt: Date
}

export type PrescriptionReplicaRow = {
  id: string
  userId: string
  state: 'awaiting_review' | 'approved' | 'rejected'
  /** YYYY-MM-DD, for an approved prescription. */
  validUntil: string | null
  deleted: boolean
}

const ORDER_PRESCRIPTION_FIELDS = `order_id AS "orderId", status, prescription_id AS "prescriptionId", reason,
  reattach_by AS "reattachBy", updated_at AS "updatedAt"`

export async function findPrescriptionReplica(
  sql: RawSql,
  id: string,
): Promise<PrescriptionReplicaRow | undefined> {
  const [row] = await sql.$queryRawUnsafe<PrescriptionReplicaRow[]>(
    `SELECT id, user_id AS "userId", state, to_char(valid_until, 'YYYY-MM-DD') AS "validUntil", deleted
     FROM prescription_replica WHERE id = $1`,
    id,
  )
  return row
}

/** The replica's row after one of the prescription service's events (each carries the owner). */
export async function saveReplica(
  sql: RawSql,
  p: { id: string; userId: string; state?: string; validUntil?: string | null; deleted?: boolean },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO prescription_replica (id, user_id, state, valid_until, deleted)
     VALUES ($1, $2, COALESCE($3, 'awaiting_review'), $4::date, COALESCE($5, false))
     ON CONFLICT (id) DO UPDATE SET
       state = COALESCE($3, prescription_replica.state),
       valid_until = CASE WHEN $3 IS NULL THEN prescription_replica.valid_until ELSE $4::date END,
       deleted = prescription_replica.deleted OR COALESCE($5, false)`,
    p.id,
    p.userId,
    p.state ?? null,
    p.validUntil ?? null,
    p.deleted ?? null,
  )
}

export async function insertOrderPrescription(
  sql: RawSql,
  orderId: string,
  prescriptionId: string,
): Promise<OrderPrescriptionRow> {
  const [row] = await sql.$queryRawUnsafe<OrderPrescriptionRow[]>(
    `INSERT INTO order_prescription (order_id, status, prescription_id) VALUES ($1, 'awaiting_verification', $2)
     RETURNING ${ORDER_PRESCRIPTION_FIELDS}`,
    orderId,
    prescriptionId,
  )
  return row!
}

/** The pharmacist's decision, or another prescription attached (status back to awaiting). */
export async function setOrderPrescription(
  sql: RawSql,
  orderId: string,
  change: {
    status: OrderPrescriptionRow['status']
    prescriptionId: string
    reason: string | null
    reattachBy: Date | null
  },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE order_prescription SET status = $2, prescription_id = $3, reason = $4, reattach_by = $5, updated_at = now()
     WHERE order_id = $1`,
    orderId,
    change.status,
    change.prescriptionId,
    change.reason,
    change.reattachBy,
  )
}

/** Pending orders whose prescription was rejected and whose time to attach another is over. */
export async function ordersPastReattach(sql: RawSql, now: Date, limit: number): Promise<string[]> {
  const rows = await sql.$queryRawUnsafe<{ id: string }[]>(
    `SELECT o.id FROM order_prescription p JOIN orders o ON o.id = p.order_id
     WHERE p.status = 'rejected' AND p.reattach_by <= $1 AND o.status = 'pending'
     ORDER BY p.reattach_by LIMIT $2`,
    now,
    limit,
  )
  return rows.map((r) => r.id)
}
