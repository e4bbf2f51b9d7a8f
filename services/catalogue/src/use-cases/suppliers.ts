import { pageOf } from '@medstore/contracts/api'
import {
  type NewSupplier,
  SUPPLIER_PAGE_DEFAULT,
  type Supplier,
  type SupplierChanges,
  type SupplierListQuery,
} from '@medstore/contracts/supplier'
import { Conflict, type ListPage, NotFound } from '@medstore/service-kit'
import { isUniqueViolation, type Queryable } from '../data/db'
import { insertSupplier, listSuppliers, updateSupplier } from '../data/suppliers'
import { presentSupplier } from '../presenters/catalogue'

const emailTaken = (email: string) => new Conflict(`A supplier with the email ${email} exists already`)

/** The back-office's suppliers: a bounded list, adding, editing and (de)activating. Never deleted. */
export function supplierUseCases(db: Queryable) {
  return {
    /** Always one page: page 1 of SUPPLIER_PAGE_DEFAULT when no paging is asked for. */
    async list(query: SupplierListQuery): Promise<ListPage<Supplier[]>> {
      const page = pageOf({ page: query.page ?? 1, limit: query.limit }, SUPPLIER_PAGE_DEFAULT)
      const { suppliers, total } = await listSuppliers(db, {
        name: query.name,
        status: query.status,
        skip: page.skip,
        take: page.take,
      })
      return { items: suppliers.map(presentSupplier), page, total }
    },

    async create(fields: NewSupplier): Promise<Supplier> {
      try {
        return presentSupplier(await insertSupplier(db, fields))
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken(fields.email)
        throw err
      }
    },

    async update(id: string, changes: SupplierChanges): Promise<Supplier> {
      try {
        const updated = await updateSupplier(db, id, changes)
        if (!updated) throw new NotFound('Supplier not found')
        return presentSupplier(updated)
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken(changes.email ?? '')
        throw err
      }
    },
  }
}
export type SupplierUseCases = ReturnType<typeof supplierUseCases>
