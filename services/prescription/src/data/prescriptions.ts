import type { PrescriptionState } from '@medstore/contracts/prescription'
import type { RawSql } from '@medstore/service-kit'
import type { SealedFile } from '../crypto/file-cipher'

// Plain SQL over the kit's RawSql: routes run it on the pool (sqlOver) or in a transaction, event handlers
// in the consumer's transaction. Days come back as YYYY-MM-DD text.

export type PageInfo = { number: number; contentType: string; size: number }

export type PrescriptionRow = {
  id: string
  userId: string
  state: PrescriptionState
  uploadedAt: Date
  reviewedAt: Date | null
  rejectionReason: string | null
  doctorName: string | null
  doctorRegistration: string | null
  patientName: string | null
  issuedOn: string | null
  validUntil: string | null
  deletedAt: Date | null
  pages: PageInfo[]
  openOrders: string[]
}

const SELECT = `SELECT p.id, p.user_id AS "userId", p.state, p.uploaded_at AS "uploadedAt",
    p.reviewed_at AS "reviewedAt", p.rejection_reason AS "rejectionReason", p.doctor_name AS "doctorName",
    p.doctor_registration AS "doctorRegistration", p.patient_name AS "patientName",
    to_char(p.issued_on, 'YYYY-MM-DD') AS "issuedOn", to_char(p.valid_until, 'YYYY-MM-DD') AS "validUntil",
    p.deleted_at AS "deletedAt",
    COALESCE((SELECT json_agg(json_build_object('number', g.number, 'contentType', g.content_type, 'size', g.size)
                ORDER BY g.number) FROM prescription_pages g WHERE g.prescription_id = p.id), '[]') AS pages,
    ARRAY(SELECT v.order_number FROM verifications v WHERE v.prescription_id = p.id
          AND v.order_status NOT IN ('delivered', 'cancelled') ORDER BY v.submitted_at) AS "openOrders"
  FROM prescriptions p`

export async function insertPrescription(
  sql: RawSql,
  p: { id: string; userId: string; pages: (SealedFile & { contentType: string; size: number })[] },
): Promise<void> {
  await sql.$executeRawUnsafe('INSERT INTO prescriptions (id, user_id) VALUES ($1, $2)', p.id, p.userId)
  for (const [i, page] of p.pages.entries())
    await sql.$executeRawUnsafe(
      `INSERT INTO prescription_pages (prescription_id, number, content_type, size, key_id, iv, auth_tag, ciphertext)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      p.id,
      i + 1,
      page.contentType,
      page.size,
      page.keyId,
      page.iv,
      page.authTag,
      page.ciphertext,
    )
}

export async function findPrescription(sql: RawSql, id: string): Promise<PrescriptionRow | undefined> {
  const [row] = await sql.$queryRawUnsafe<PrescriptionRow[]>(`${SELECT} WHERE p.id = $1`, id)
  return row
}

/** A customer's prescriptions (not deleted), newest first, one page, and how many there are. */
export async function listPrescriptions(
  sql: RawSql,
  userId: string,
  page: { skip: number; take: number },
): Promise<{ rows: PrescriptionRow[]; total: number }> {
  const rows = await sql.$queryRawUnsafe<PrescriptionRow[]>(
    `${SELECT} WHERE p.user_id = $1 AND p.deleted_at IS NULL ORDER BY p.uploaded_at DESC, p.id LIMIT $2 OFFSET $3`,
    userId,
    page.take,
    page.skip,
  )
  const [count] = await sql.$queryRawUnsafe<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM prescriptions WHERE user_id = $1 AND deleted_at IS NULL',
    userId,
  )
  return { rows, total: count?.n ?? 0 }
}

export async function findPage(
  sql: RawSql,
  id: string,
  number: number,
): Promise<(SealedFile & { contentType: string }) | undefined> {
  const [row] = await sql.$queryRawUnsafe<(SealedFile & { contentType: string })[]>(
    `SELECT content_type AS "contentType", key_id AS "keyId", iv, auth_tag AS "authTag", ciphertext
     FROM prescription_pages WHERE prescription_id = $1 AND number = $2`,
    id,
    number,
  )
  return row
}

/** Deletes the files and marks the prescription deleted (orders and the register still name it). */
export async function markDeleted(sql: RawSql, id: string, at: Date): Promise<void> {
  await sql.$executeRawUnsafe('DELETE FROM prescription_pages WHERE prescription_id = $1', id)
  await sql.$executeRawUnsafe('UPDATE prescriptions SET deleted_at = $2 WHERE id = $1', id, at)
}

export async function recordApproval(
  sql: RawSql,
  id: string,
  a: {
    at: Date
    by: string
    byName: string
    doctorName: string
    doctorRegistration: string
    patientName: string
    issuedOn: string
    validUntil: string
  },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE prescriptions SET state = 'approved', reviewed_at = $2, reviewed_by = $3, reviewer_name = $4,
       doctor_name = $5, doctor_registration = $6, patient_name = $7, issued_on = $8::date, valid_until = $9::date,
       rejection_reason = NULL
     WHERE id = $1`,
    id,
    a.at,
    a.by,
    a.byName,
    a.doctorName,
    a.doctorRegistration,
    a.patientName,
    a.issuedOn,
    a.validUntil,
  )
}

export async function recordRejection(
  sql: RawSql,
  id: string,
  r: { at: Date; by: string; byName: string; reason: string },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE prescriptions SET state = 'rejected', reviewed_at = $2, reviewed_by = $3, reviewer_name = $4,
       rejection_reason = $5 WHERE id = $1`,
    id,
    r.at,
    r.by,
    r.byName,
    r.reason,
  )
}
