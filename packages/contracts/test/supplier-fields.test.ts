import { describe, expect, it } from 'vitest'
import { emailAddress } from '../src/fields'
import { createSupplierRequest, supplierListQuery, updateSupplierRequest } from '../src/supplier'

it('refuses a NUL byte and lone surrogates in supplier text, keeps real characters', () => {
  const supplier = {
    company: 'Gupta Pharma',
    address: '14 Nehru Place',
    phone: '9810012345',
    email: 'a@b.in',
  }
  expect(createSupplierRequest.safeParse({ ...supplier, name: 'धन्वंतरि आयुर्वेद 🌿' }).success).toBe(true)
  for (const name of ['a\u0000b', 'a\ud800b', 'a\udc00']) {
    expect(createSupplierRequest.safeParse({ ...supplier, name }).success).toBe(false)
  }
})

it('reads an e-mail address trimmed and lower-cased', () => {
  expect(emailAddress().parse('  Orders@KochiMed.IN ')).toBe('orders@kochimed.in')
  expect(emailAddress().safeParse('kochimed.in').success).toBe(false)
  expect(emailAddress('Supplier email').safeParse('').error?.issues[0]?.message).toBe(
    'Supplier email is required',
  )
})

describe('supplier requests', () => {
  const valid = {
    name: ' Ramesh Gupta ',
    company: 'Gupta Pharma',
    address: '14 Nehru Place, New Delhi',
    phone: '+91 98100-12345',
    email: 'Ramesh@GuptaPharma.in',
  }

  it('normalises a new supplier and makes it Active', () => {
    expect(createSupplierRequest.parse(valid)).toEqual({
      name: 'Ramesh Gupta',
      company: 'Gupta Pharma',
      address: '14 Nehru Place, New Delhi',
      phone: '9810012345',
      email: 'ramesh@guptapharma.in',
      status: 'Active',
    })
  })

  it('names each missing or bad field', () => {
    const result = createSupplierRequest.safeParse({
      ...valid,
      company: '',
      phone: '5810012345',
      status: 'Closed',
    })
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['company', 'phone', 'status'])
  })

  it('takes any one field to change, and refuses nothing to change', () => {
    expect(updateSupplierRequest.parse({ status: 'Inactive' })).toEqual({ status: 'Inactive' })
    expect(updateSupplierRequest.safeParse({}).success).toBe(false)
    expect(updateSupplierRequest.safeParse({ name: '  ' }).success).toBe(false)
  })

  it('reads the list query: empty filters are none, "All Status" is every status, limit at most 100', () => {
    expect(supplierListQuery.parse({ name: '', status: 'All Status', page: '2' })).toEqual({ page: 2 })
    expect(supplierListQuery.parse({ name: ' gupta ', status: 'Inactive' })).toEqual({
      name: 'gupta',
      status: 'Inactive',
    })
    expect(supplierListQuery.safeParse({ limit: '101' }).success).toBe(false)
    expect(supplierListQuery.safeParse({ page: '0' }).success).toBe(false)
  })
})
