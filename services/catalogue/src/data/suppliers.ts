import type { SupplierStatus } from '@medstore/contracts/supplier'
import { containsPattern } from '../domain/search'
import type { Queryable } from './db'

export type SupplierRecord = {
  id: string
  name: string
  company: string
  address: string
  phone: string
  email: string
  status: SupplierStatus
  createdAt: Date
  updatedAt: Date
}
export type SupplierFields = Omit<SupplierRecord, 'id' | 'createdAt' | 'updatedAt'>

const SUPPLIER_COLUMNS = `id::text AS id, name, company, address, phone, email, status::text AS status,
  created_at AS "createdAt", updated_at AS "updatedAt"`

/** One page of suppliers by name (then id, so pages never overlap), and how many match in all. */
export async function listSuppliers(
  db: Queryable,
  filter: { name?: string; status?: SupplierStatus; skip: number; take: number },
): Promise<{ suppliers: SupplierRecord[]; total: number }> {
  const values: unknown[] = []
  const conditions: string[] = []
  // ILIKE with the user's % and _ escaped: they are characters of the name, not wildcards.
  if (filter.name) conditions.push(`name ILIKE $${values.push(containsPattern(filter.name))}`)
  if (filter.status) conditions.push(`status = $${values.push(filter.status)}::supplier_status`)
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''
  const page = `LIMIT $${values.length + 1} OFFSET $${values.length + 2}`
  const [suppliers, [count]] = await Promise.all([
    db.$queryRawUnsafe<SupplierRecord[]>(
      `SELECT ${SUPPLIER_COLUMNS} FROM supplier ${where} ORDER BY name, id ${page}`,
      ...values,
      filter.take,
      filter.skip,
    ),
    db.$queryRawUnsafe<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM supplier ${where}`,
      ...values,
    ),
  ])
  return { suppliers, total: count!.total }
}

/** Throws a unique violation when another supplier has the email. */
export async function insertSupplier(db: Queryable, fields: SupplierFields): Promise<SupplierRecord> {
  const [row] = await db.$queryRawUnsafe<SupplierRecord[]>(
    `INSERT INTO supplier (id, name, company, address, phone, email, status)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6::supplier_status) RETURNING ${SUPPLIER_COLUMNS}`,
    fields.name,
    fields.company,
    fields.address,
    fields.phone,
    fields.email,
    fields.status,
  )
  return row!
}

/** Throws a unique violation when another supplier has the email; undefined when there is no such supplier. */
export async function updateSupplier(
  db: Queryable,
  id: string,
  changes: Partial<SupplierFields>,
): Promise<SupplierRecord | undefined> {
  const [row] = await db.$queryRawUnsafe<SupplierRecord[]>(
    `UPDATE supplier SET name = COALESCE($2, name), company = COALESCE($3, company),
       address = COALESCE($4, address), phone = COALESCE($5, phone), email = COALESCE($6, email),
       status = COALESCE($7::supplier_status, status), updated_at = now()
     WHERE id = $1::uuid RETURNING ${SUPPLIER_COLUMNS}`,
    id,
    changes.name ?? null,
    changes.company ?? null,
    changes.address ?? null,
    changes.phone ?? null,
    changes.email ?? null,
    changes.status ?? null,
  )
  return row
}
