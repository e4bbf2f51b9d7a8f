import { randomUUID } from 'node:crypto'
import type { RawSql } from '@medstore/service-kit'

export type AccessLogRow = {
  id: string
  at: Date
  adminId: string
  adminName: string
  prescriptionId: string
  page: number
  customerId: string
}

export async function logAccess(sql: RawSql, entry: Omit<AccessLogRow, 'id' | 'at'>): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO prescription_access_log (id, admin_id, admin_name, prescription_id, page, customer_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    randomUUID(),
    entry.adminId,
    entry.adminName,
    entry.prescriptionId,
    entry.page,
    entry.customerId,
  )
}

export async function listAccess(
  sql: RawSql,
  page: { skip: number; take: number },
): Promise<{ rows: AccessLogRow[]; total: number }> {
  const rows = await sql.$queryRawUnsafe<AccessLogRow[]>(
    `SELECT id, at, admin_id AS "adminId", admin_name AS "adminName", prescription_id AS "prescriptionId",
       page, customer_id AS "customerId"
     FROM prescription_access_log ORDER BY at DESC, id LIMIT $1 OFFSET $2`,
    page.take,
    page.skip,
  )
  const [count] = await sql.$queryRawUnsafe<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM prescription_access_log',
  )
  return { rows, total: count?.n ?? 0 }
}
