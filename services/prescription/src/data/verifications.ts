import type { OrderPrescriptionStatus, PrescriptionLine } from '@medstore/contracts/prescription'
import type { RawSql } from '@medstore/service-kit'

export type VerificationRow = {
  orderId: string
  orderNumber: string
  userId: string
  customerName: string
  prescriptionId: string
  status: OrderPrescriptionStatus
  submittedAt: Date
  lines: PrescriptionLine[]
  reason: string | null
  reattachBy: Date | null
  orderStatus: string
}

const SELECT = `SELECT order_id AS "orderId", order_number AS "orderNumber", user_id AS "userId",
    customer_name AS "customerName", prescription_id AS "prescriptionId", status, submitted_at AS "submittedAt",
    lines, reason, reattach_by AS "reattachBy", order_status AS "orderStatus"
  FROM verifications`

/** An order's submission (a repeat delivery of the event changes nothing). */
export async function insertVerification(
  sql: RawSql,
  v: Omit<VerificationRow, 'status' | 'reason' | 'reattachBy' | 'orderStatus'>,
): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO verifications (order_id, order_number, user_id, customer_name, prescription_id, submitted_at, lines)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) ON CONFLICT (order_id) DO NOTHING`,
    v.orderId,
    v.orderNumber,
    v.userId,
    v.customerName,
    v.prescriptionId,
    v.submittedAt,
    JSON.stringify(v.lines),
  )
}

/** One order's check; `lock` holds it for a decision in this transaction. */
export async function findVerification(
  sql: RawSql,
  orderId: string,
  lock = false,
): Promise<VerificationRow | undefined> {
  const [row] = await sql.$queryRawUnsafe<VerificationRow[]>(
    `${SELECT} WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`,
    orderId,
  )
  return row
}

/** Open orders awaiting a pharmacist, oldest first. */
export async function listAwaiting(
  sql: RawSql,
  page: { skip: number; take: number },
): Promise<{ rows: VerificationRow[]; total: number }> {
  const where = `WHERE status = 'awaiting_verification' AND order_status NOT IN ('delivered', 'cancelled')`
  const rows = await sql.$queryRawUnsafe<VerificationRow[]>(
    `${SELECT} ${where} ORDER BY submitted_at, order_id LIMIT $1 OFFSET $2`,
    page.take,
    page.skip,
  )
  const [count] = await sql.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM verifications ${where}`,
  )
  return { rows, total: count?.n ?? 0 }
}

export async function setDecision(
  sql: RawSql,
  orderId: string,
  d: {
    status: OrderPrescriptionStatus
    at: Date
    by: string
    reason: string | null
    reattachBy: Date | null
  },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE verifications SET status = $2, decided_at = $3, decided_by = $4, reason = $5, reattach_by = $6
     WHERE order_id = $1`,
    orderId,
    d.status,
    d.at,
    d.by,
    d.reason,
    d.reattachBy,
  )
}

/** Another prescription on a rejected order: back in the queue, as of now. */
export async function reattach(
  sql: RawSql,
  orderId: string,
  prescriptionId: string,
  at: Date,
): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE verifications SET prescription_id = $2, status = 'awaiting_verification', submitted_at = $3,
       reason = NULL, reattach_by = NULL, decided_at = NULL, decided_by = NULL
     WHERE order_id = $1`,
    orderId,
    prescriptionId,
    at,
  )
}

export async function setOrderStatus(sql: RawSql, orderId: string, status: string): Promise<void> {
  await sql.$executeRawUnsafe(
    'UPDATE verifications SET order_status = $2 WHERE order_id = $1',
    orderId,
    status,
  )
}
