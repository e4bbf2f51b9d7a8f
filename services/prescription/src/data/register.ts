import { randomUUID } from 'node:crypto'
import type { RawSql } from '@medstore/service-kit'

export type RegisterRow = {
  id: string
  dispensedAt: Date
  orderId: string
  itemId: string
  orderNumber: string
  patientName: string
  prescriberName: string
  prescriberRegistration: string
  medicine: string
  productId: string
  quantity: number
  prescriptionId: string
}

/** A shipped H1 line; the same line shipped again (an order's and its item's event) is written once. */
export async function insertRegisterEntry(sql: RawSql, e: Omit<RegisterRow, 'id'>): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO dispensing_register (id, dispensed_at, order_id, item_id, order_number, patient_name,
       prescriber_name, prescriber_registration, medicine, product_id, quantity, prescription_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (order_id, item_id) DO NOTHING`,
    randomUUID(),
    e.dispensedAt,
    e.orderId,
    e.itemId,
    e.orderNumber,
    e.patientName,
    e.prescriberName,
    e.prescriberRegistration,
    e.medicine,
    e.productId,
    e.quantity,
    e.prescriptionId,
  )
}

const SELECT = `SELECT id, dispensed_at AS "dispensedAt", order_id AS "orderId", item_id AS "itemId",
    order_number AS "orderNumber", patient_name AS "patientName", prescriber_name AS "prescriberName",
    prescriber_registration AS "prescriberRegistration", medicine, product_id AS "productId", quantity,
    prescription_id AS "prescriptionId"
  FROM dispensing_register WHERE dispensed_at >= $1 AND dispensed_at < $2`

/** Entries dispensed in [from, to), oldest first; `page` for one page, without it every entry. */
export async function listRegister(
  sql: RawSql,
  range: { from: Date; to: Date },
  page?: { skip: number; take: number },
): Promise<{ rows: RegisterRow[]; total: number }> {
  const rows = await sql.$queryRawUnsafe<RegisterRow[]>(
    `${SELECT} ORDER BY dispensed_at, order_number, item_id${page ? ' LIMIT $3 OFFSET $4' : ''}`,
    range.from,
    range.to,
    ...(page ? [page.take, page.skip] : []),
  )
  const [count] = await sql.$queryRawUnsafe<{ n: number }[]>(
    'SELECT count(*)::int AS n FROM dispensing_register WHERE dispensed_at >= $1 AND dispensed_at < $2',
    range.from,
    range.to,
  )
  return { rows, total: count?.n ?? 0 }
}
