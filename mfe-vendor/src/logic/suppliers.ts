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

/** Checked before sending; the catalogue checks the same again. */
export function validateSupplier(input: SupplierInput): SupplierErrors {
  const errors: SupplierErrors = {}
  if (!input.name.trim()) errors.name = 'Name is required'
  if (!input.company.trim()) errors.company = 'Company is required'
  if (!input.address.trim()) errors.address = 'Address is required'
  const phone = input.phone.replace(/[\s-]/g, '')
  if (!/^(?:\+91|91|0)?[6-9]\d{9}$/.test(phone) && !/^0\d{9,11}$/.test(phone))
    errors.phone = 'Enter a valid Indian phone number'
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) errors.email = 'Enter a valid email address'
  return errors
}
