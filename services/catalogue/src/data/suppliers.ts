import type { SupplierStatus } from '@medstore/contracts/supplier'
import { containsPattern } from '../domain/search'
import { Prisma } from '../generated/prisma/client'
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

/** One page of suppliers by name (then id, so pages never overlap), and how many match in all. */
export async function listSuppliers(
  db: Queryable,
  filter: { name?: string; status?: SupplierStatus; skip: number; take: number },
): Promise<{ suppliers: SupplierRecord[]; total: number }> {
  const conditions: Prisma.Sql[] = []
  // Raw SQL for the filter: Prisma's `contains` would read the user's % and _ as wildcards.
  if (filter.name) conditions.push(Prisma.sql`name ILIKE ${containsPattern(filter.name)}`)
  if (filter.status) conditions.push(Prisma.sql`status = ${filter.status}::supplier_status`)
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty
  const [suppliers, [count]] = await Promise.all([
    db.$queryRaw<SupplierRecord[]>`
      SELECT id::text AS id, name, company, address, phone, email, status::text AS status,
             created_at AS "createdAt", updated_at AS "updatedAt"
      FROM supplier ${where}
      ORDER BY name, id
      LIMIT ${filter.take} OFFSET ${filter.skip}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT COUNT(*) AS total FROM supplier ${where}`,
  ])
  return { suppliers, total: Number(count!.total) }
}

/** Throws Prisma's unique violation when another supplier has the email. */
export function insertSupplier(db: Queryable, fields: SupplierFields): Promise<SupplierRecord> {
  return db.supplier.create({ data: fields })
}

/** Throws Prisma's unique violation when another supplier has the email; null when there is no such supplier. */
export async function updateSupplier(
  db: Queryable,
  id: string,
  changes: Partial<SupplierFields>,
): Promise<SupplierRecord | null> {
  const { count } = await db.supplier.updateMany({ where: { id }, data: changes })
  return count === 0 ? null : db.supplier.findUnique({ where: { id } })
}
