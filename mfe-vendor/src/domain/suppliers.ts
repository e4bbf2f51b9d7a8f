import { createSupplierRequest } from '@medstore/contracts/supplier'
import type { SupplierInput } from '../api.ts'

export const SUPPLIERS_PAGE_SIZE = 10

export const EMPTY_SUPPLIER: SupplierInput = {
  name: '',
  company: '',
  address: '',
  phone: '',
  email: '',
  status: 'Active',
}

export type SupplierErrors = Partial<Record<keyof SupplierInput, string>>

/**
 * Checked before sending with the catalogue's own schema, so the form and the service agree on every
 * rule (an Indian mobile, not a landline; the length limits); the first problem of each field is shown.
 */
export function validateSupplier(input: SupplierInput): SupplierErrors {
  const result = createSupplierRequest.safeParse(input)
  const errors: SupplierErrors = {}
  if (result.success) return errors
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof SupplierInput
    errors[field] ??= issue.message
  }
  return errors
}
