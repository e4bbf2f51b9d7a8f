import { z } from 'zod'
import { type ApiRoute, TOTAL_COUNT_HEADER } from './api'
import { emailAddress, indianMobile, requiredText } from './fields'
import { supplierPaths } from './route-paths'

/** The back-office suppliers table's page size, used when only `page` is given (and without paging). */
export const SUPPLIER_PAGE_DEFAULT = 10
export const SUPPLIER_PAGE_MAX = 100

export const supplierStatus = z.enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive' })
export type SupplierStatus = z.infer<typeof supplierStatus>

const supplierFields = {
  name: requiredText('Name', 100),
  company: requiredText('Company', 120),
  address: requiredText('Address', 300),
  phone: indianMobile.meta({
    description:
      'Indian mobile: 10 digits starting 6–9, optionally written with +91; stored as the 10 digits.',
  }),
  email: emailAddress().meta({ description: 'Unique among suppliers; stored lower-cased.' }),
}

/** Body of `POST /supplier`: every field; a new supplier is Active unless told otherwise. */
export const createSupplierRequest = z.object({
  ...supplierFields,
  status: supplierStatus.default('Active'),
})
export type CreateSupplierRequest = z.input<typeof createSupplierRequest>
/** As parsed: trimmed, the phone as 10 digits, the email lower-cased, the status defaulted. */
export type NewSupplier = z.infer<typeof createSupplierRequest>

/** Body of `PUT /supplier/{id}`: the fields to change (at least one); `{ "status": "Inactive" }` deactivates. */
export const updateSupplierRequest = z
  .object({
    name: supplierFields.name.optional(),
    company: supplierFields.company.optional(),
    address: supplierFields.address.optional(),
    phone: supplierFields.phone.optional(),
    email: supplierFields.email.optional(),
    status: supplierStatus.optional(),
  })
  .refine(
    (v) => Object.values(v).some((field) => field !== undefined),
    'Nothing to change: send at least one field',
  )
export type UpdateSupplierRequest = z.input<typeof updateSupplierRequest>
export type SupplierChanges = z.infer<typeof updateSupplierRequest>

export const supplierIdParams = z.object({ id: z.uuid('Invalid supplier id') })

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const pageNumber = (name: string, max?: number) => {
  const n = z.coerce.number().int(`${name} must be a whole number`).min(1, `${name} must be at least 1`)
  return z.preprocess(emptyAsUndefined, (max ? n.max(max, `${name} can be at most ${max}`) : n).optional())
}

/** Query of `GET /supplier`: a page (page 1 of 10 when not given), a name filter and a status. */
export const supplierListQuery = z.object({
  /** Supplier name contains (case-insensitive). */
  name: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(100, 'name can be at most 100 characters').optional(),
  ),
  status: z.preprocess(
    (v) => (typeof v === 'string' && /^(all|all status)$/i.test(v.trim()) ? undefined : emptyAsUndefined(v)),
    supplierStatus.optional(),
  ),
  page: pageNumber('page'),
  limit: pageNumber('limit', SUPPLIER_PAGE_MAX),
})
export type SupplierListQuery = z.infer<typeof supplierListQuery>

export const supplier = z.object({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  address: z.string(),
  /** 10 digits. */
  phone: z.string(),
  email: z.string(),
  status: supplierStatus,
  /** ISO date. */
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Supplier = z.infer<typeof supplier>

const pageHeaders = {
  [TOTAL_COUNT_HEADER]: 'Number of suppliers matching the filters (every answer carries it).',
  Link: 'Links to the first, previous, next and last pages (rel="first|prev|next|last").',
}

/** The catalogue's suppliers: who the pharmacy buys its stock from (back-office only). */
export const supplierApi = {
  list: {
    ...supplierPaths.list,
    summary: `Suppliers by name, one page (${SUPPLIER_PAGE_DEFAULT} unless limit says otherwise, at most ${SUPPLIER_PAGE_MAX}), optionally filtered by name and status`,
    access: 'admin',
    documented: false,
    tags: ['supplier'],
    query: supplierListQuery,
    status: 200,
    response: z.array(supplier),
    responseHeaders: pageHeaders,
    errors: { 400: 'bad page, limit, name or status' },
  },
  create: {
    ...supplierPaths.create,
    summary: 'Add a supplier',
    access: 'admin',
    documented: false,
    tags: ['supplier'],
    body: createSupplierRequest,
    status: 201,
    response: supplier,
    errors: {
      400: 'A missing or invalid field (each problem names its field)',
      409: 'A supplier with this email exists already',
    },
  },
  update: {
    ...supplierPaths.update,
    summary: 'Change a supplier: any of its fields; status Inactive deactivates it, Active brings it back',
    access: 'admin',
    documented: false,
    tags: ['supplier'],
    params: supplierIdParams,
    body: updateSupplierRequest,
    status: 200,
    response: supplier,
    errors: {
      400: 'An invalid id or field, or nothing to change',
      404: 'No such supplier',
      409: 'Another supplier has this email',
    },
  },
} satisfies Record<string, ApiRoute>

export const supplierRoutes: ApiRoute[] = Object.values(supplierApi)
