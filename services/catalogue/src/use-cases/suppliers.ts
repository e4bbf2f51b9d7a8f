import {
  type NewSupplier,
  SUPPLIER_PAGE_DEFAULT,
  type Supplier,
  type SupplierChanges,
  type SupplierListQuery,
} from '@medstore/contracts/supplier'
import { conflict, notFound } from '@medstore/service-kit'
import { type Db, isUniqueViolation } from '../data/db'
import { insertSupplier, listSuppliers, type SupplierRecord, updateSupplier } from '../data/suppliers'

const view = (s: SupplierRecord): Supplier => ({
  _id: s.id,
  name: s.name,
  company: s.company,
  address: s.address,
  phone: s.phone,
  email: s.email,
  status: s.status,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
})

const emailTaken = (email: string) => conflict(`A supplier with the email ${email} exists already`)

/** The back-office's suppliers: a bounded list, adding, editing and (de)activating. Never deleted. */
export function supplierUseCases(db: Db) {
  return {
    /** Always one page: page 1 of SUPPLIER_PAGE_DEFAULT when no paging is asked for. */
    async list(query: SupplierListQuery): Promise<{ suppliers: Supplier[]; total: number }> {
      const take = query.limit ?? SUPPLIER_PAGE_DEFAULT
      const skip = ((query.page ?? 1) - 1) * take
      const { suppliers, total } = await listSuppliers(db, {
        name: query.name,
        status: query.status,
        skip,
        take,
      })
      return { suppliers: suppliers.map(view), total }
    },

    async create(fields: NewSupplier): Promise<Supplier> {
      try {
        return view(await insertSupplier(db, fields))
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken(fields.email)
        throw err
      }
    },

    async update(id: string, changes: SupplierChanges): Promise<Supplier> {
      try {
        const updated = await updateSupplier(db, id, changes)
        if (!updated) throw notFound('Supplier not found')
        return view(updated)
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken(changes.email ?? '')
        throw err
      }
    },
  }
}
export type SupplierUseCases = ReturnType<typeof supplierUseCases>
