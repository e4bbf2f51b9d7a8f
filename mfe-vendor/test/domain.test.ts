import { IMAGE_MAX_BYTES } from '@medstore/contracts/catalogue'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { categoryNameError, deleteRefusal, searchCategories } from '../src/domain/categories.ts'
import {
  dateFilterError,
  narrowsOrders,
  ORDER_FILTER_DEFAULTS,
  orderQuery,
  pagePlace,
  priceFilterError,
} from '../src/domain/orders.ts'
import {
  EMPTY_PRODUCT,
  imageProblem,
  isLowStock,
  productFormData,
  productValues,
  uploadFailure,
  validateProduct,
} from '../src/domain/products.ts'
import { dayLabel, percentChange, trend } from '../src/domain/statistics.ts'
import { EMPTY_SUPPLIER, validateSupplier } from '../src/domain/suppliers.ts'
import { phoneFilter } from '../src/panels/Messages.tsx'
import { readUrlState, writeUrlState } from '../src/url-state.ts'

describe('URL state', () => {
  const defaults = { name: '', status: 'all' }
  it('reads filters and the page, falling back to defaults and page 1', () => {
    expect(readUrlState(new URLSearchParams('name=asha&page=3'), defaults)).toEqual({
      name: 'asha',
      status: 'all',
      page: 3,
    })
    for (const bad of ['page=0', 'page=-2', 'page=abc', 'page=1.5', ''])
      expect(readUrlState(new URLSearchParams(bad), defaults).page).toBe(1)
  })
  it('writes only what differs from the defaults, and keeps keys it does not own', () => {
    const next = writeUrlState(new URLSearchParams('keep=1&name=x&page=4'), defaults, {
      name: '',
      status: 'shipped',
      page: 1,
    })
    expect(next.toString()).toBe('keep=1&status=shipped')
  })
  it('round-trips any state', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('all', 'pending', 'delivered'),
        fc.integer({ min: 1, max: 999 }),
        (name, status, page) => {
          const written = writeUrlState(new URLSearchParams(), defaults, { name, status, page })
          expect(readUrlState(new URLSearchParams(written.toString()), defaults)).toEqual({
            name,
            status,
            page,
          })
        },
      ),
    )
  })
})

describe('orders', () => {
  it('turns the filter form into the order service query', () => {
    expect(orderQuery(ORDER_FILTER_DEFAULTS)).toEqual({
      name: undefined,
      date: undefined,
      price: undefined,
      status: undefined,
    })
    expect(orderQuery({ name: ' Asha ', date: '23/11/2026', price: ' ₹12.00 ', status: 'shipped' })).toEqual({
      name: 'Asha',
      date: '2026-11-23',
      price: '12',
      status: 'shipped',
    })
    expect(orderQuery({ ...ORDER_FILTER_DEFAULTS, date: '2026-11-23' }).date).toBe('2026-11-23')
    expect(orderQuery({ ...ORDER_FILTER_DEFAULTS, date: '31/02/2026', status: 'bogus' })).toMatchObject({
      date: undefined,
      status: undefined,
    })
  })
  it('tells a query that narrows the list from one that shows every order', () => {
    expect(narrowsOrders(orderQuery(ORDER_FILTER_DEFAULTS))).toBe(false)
    expect(narrowsOrders(orderQuery({ ...ORDER_FILTER_DEFAULTS, name: '  ' }))).toBe(false)
    expect(narrowsOrders(orderQuery({ ...ORDER_FILTER_DEFAULTS, status: 'shipped' }))).toBe(true)
    expect(narrowsOrders(orderQuery({ ...ORDER_FILTER_DEFAULTS, price: '₹12' }))).toBe(true)
  })
  it('steps to the page beside by the place its neighbour answered, and to any other page by its number', () => {
    const cursors = { newest: '1733543921123.48211', oldest: '1733540000000.48207' }
    expect(pagePlace(3, 4, cursors)).toEqual({ after: cursors.oldest, before: '' })
    expect(pagePlace(4, 3, cursors)).toEqual({ after: '', before: cursors.newest })
    expect(pagePlace(2, 1, cursors)).toEqual({ after: '', before: '' })
    expect(pagePlace(3, 9, cursors)).toEqual({ after: '', before: '' })
    expect(pagePlace(3, 4, undefined)).toEqual({ after: '', before: '' })
  })
  it('takes a price as the table shows it and refuses other text', () => {
    expect(priceFilterError('120.5')).toBeUndefined()
    expect(priceFilterError('')).toBeUndefined()
    expect(priceFilterError('₹1,299.50')).toBeUndefined()
    expect(priceFilterError('120 rupees')).toBe('Price may hold only digits, a dot, commas and ₹')
  })
  it('reads the order date day first and says so when it cannot', () => {
    expect(dateFilterError('28/11/2026')).toBeUndefined()
    expect(dateFilterError('')).toBeUndefined()
    expect(dateFilterError('11/28/2026')).toBe('Enter the date as dd/mm/yyyy, e.g. 28/11/2026')
  })
})

describe('products', () => {
  it('checks the image before upload: type and at most 10 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeUndefined()
    expect(imageProblem({ type: 'image/webp', size: IMAGE_MAX_BYTES })).toBeUndefined()
    expect(imageProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(
      'The image must be at most 10 MB.',
    )
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe(
      'The image must be a PNG, JPG, GIF or WebP file.',
    )
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPG, GIF or WebP/)
  })
  it('validates with the catalogue schema, one message per field', () => {
    expect(validateProduct(EMPTY_PRODUCT)).toMatchObject({
      name: 'Product name is required',
      category: 'Category is required',
      price: 'Price is required',
      description: 'Description is required',
    })
    const good = {
      ...EMPTY_PRODUCT,
      name: 'Dolo 650',
      category: 'Fever',
      price: '30.50',
      description: 'Tablets',
    }
    expect(validateProduct(good)).toEqual({})
    expect(validateProduct({ ...good, price: '-4' }).price).toBeTruthy()
    expect(validateProduct({ ...good, price: '1.999' }).price).toMatch(/2 decimals/)
    expect(validateProduct({ ...good, stock: '2.5' }).stock).toMatch(/whole number/)
  })
  it('validates the medicine facts with the catalogue schema', () => {
    const good = {
      ...EMPTY_PRODUCT,
      name: 'Dolo 650',
      category: 'Fever',
      price: '30.50',
      description: 'Tablets',
    }
    const facts = {
      ...good,
      mrp: '34',
      schedule: 'H' as const,
      composition: 'Aceclofenac 100mg + Paracetamol 325 mg',
      packUnits: '10',
      hsnCode: '30049099',
      gstRate: '12',
    }
    expect(validateProduct(facts)).toEqual({})
    expect(validateProduct({ ...facts, mrp: '29' }).mrp).toMatch(/MRP must be at least the price/)
    expect(validateProduct({ ...facts, composition: 'Paracetamol 500' }).composition).toMatch(/'500 mg'/)
    expect(
      validateProduct({ ...facts, composition: 'Paracetamol 500 mg + paracetamol 650 mg' }).composition,
    ).toMatch(/appears twice/)
    expect(validateProduct({ ...facts, packUnits: '0' }).packUnits).toMatch(/at least 1/)
    expect(validateProduct({ ...facts, hsnCode: '300' }).hsnCode).toMatch(/4, 6 or 8 digits/)
    expect(validateProduct({ ...facts, gstRate: '7' }).gstRate).toMatch(/0, 5, 12 or 18/)
  })
  it('fills the dialog from a product and leaves an empty MRP out of the form', () => {
    const product = {
      _id: 'p1',
      name: 'Aceclo-Plus Tablet',
      category: 'Pain',
      price: 118,
      mrp: 124,
      description: 'Strip',
      image: 'i',
      thumbnail: 't',
      picture: 'p',
      stock: 4,
      requiresPrescription: true,
      schedule: 'H' as const,
      composition: [
        { salt: 'Aceclofenac', strength: '100 mg' },
        { salt: 'Paracetamol', strength: '325 mg' },
      ],
      manufacturer: 'Medivance',
      pack: 'strip of 10 tablets',
      packUnits: 10,
      keyIngredients: ['Tulsi', 'Ginger'],
      hsnCode: '3004',
      gstRate: 5,
    }
    const values = productValues(product)
    expect(values).toMatchObject({
      price: '118',
      mrp: '124',
      composition: 'Aceclofenac 100 mg + Paracetamol 325 mg',
      keyIngredients: 'Tulsi, Ginger',
      packUnits: '10',
      gstRate: '5',
    })
    expect(productFormData({ ...values, mrp: ' ' }, null).has('mrp')).toBe(false)
  })
  it('sends the image only when one was chosen', () => {
    const values = { ...EMPTY_PRODUCT, name: ' Dolo ', price: '30', schedule: 'H1' as const }
    const without = productFormData(values, null)
    expect(without.get('name')).toBe('Dolo')
    expect(without.get('schedule')).toBe('H1')
    expect(without.has('image')).toBe(false)
    const file = new File([new Uint8Array([1, 2])], 'a.png', { type: 'image/png' })
    expect(productFormData(values, file).get('image')).toBeInstanceOf(File)
  })
  it('explains 413 and 415 and highlights low stock', () => {
    expect(uploadFailure(413, 'Image over 10 MB')).toMatch(/too large/)
    expect(uploadFailure(415, 'Bad type')).toMatch(/not accepted/)
    expect(uploadFailure(400, 'Category does not exist')).toBe('Category does not exist')
    expect(isLowStock(10)).toBe(true)
    expect(isLowStock(11)).toBe(false)
  })
})

describe('categories', () => {
  const all = [
    { _id: '1', name: 'Ayurveda' },
    { _id: '2', name: 'Pain Relief' },
    { _id: '3', name: 'Diabetes care' },
  ]
  it('searches live, case-insensitive', () => {
    expect(searchCategories(all, 'CARE').map((c) => c.name)).toEqual(['Diabetes care'])
    expect(searchCategories(all, '  ')).toHaveLength(3)
    expect(searchCategories(all, 'zz')).toEqual([])
  })
  it("refuses an empty name with the spec's message", () => {
    expect(categoryNameError('')).toBe('Category name cannot be empty')
    expect(categoryNameError('   ')).toBe('Category name cannot be empty')
    expect(categoryNameError('Vitamins')).toBeUndefined()
    expect(categoryNameError('x'.repeat(61))).toMatch(/60/)
  })
  it('explains a category in use', () => {
    expect(deleteRefusal(409, '3 products use this category.')).toMatch(/Move those products/)
    expect(deleteRefusal(404, 'No such category')).toBe('No such category')
  })
})

describe('dashboard figures', () => {
  it('percentage change against the previous 30 days', () => {
    expect(percentChange({ last30: 150, previous30: 100, changePercent: 50 })).toBe('+50.0%')
    expect(percentChange({ last30: 50, previous30: 200, changePercent: -75 })).toBe('-75.0%')
    expect(percentChange({ last30: 5, previous30: 0, changePercent: null })).toBe('new')
    expect(percentChange({ last30: 0, previous30: 0, changePercent: null })).toBe('0.0%')
    expect(trend({ last30: 1, previous30: 1, changePercent: 0 })).toBe('flat')
    expect(trend({ last30: 2, previous30: 1, changePercent: 100 })).toBe('up')
    expect(dayLabel('2026-11-03')).toBe('3 Nov')
  })
})

describe('suppliers and messages', () => {
  it('validates a supplier', () => {
    expect(Object.keys(validateSupplier(EMPTY_SUPPLIER)).sort()).toEqual([
      'address',
      'company',
      'email',
      'name',
      'phone',
    ])
    expect(
      validateSupplier({
        ...EMPTY_SUPPLIER,
        name: 'Ravi',
        company: 'Sun Pharma Distributors',
        address: 'MG Road, Pune',
        phone: '+91 98765 43210',
        email: 'ravi@sunpd.in',
      }),
    ).toEqual({})
  })
  it('refuses what the catalogue refuses: a landline, an over-long name', () => {
    const valid = {
      ...EMPTY_SUPPLIER,
      name: 'Ravi',
      company: 'Sun Pharma Distributors',
      address: 'MG Road, Pune',
      phone: '9876543210',
      email: 'ravi@sunpd.in',
    }
    expect(validateSupplier({ ...valid, phone: '020 2612 3456' }).phone).toMatch(/Indian mobile/)
    expect(validateSupplier({ ...valid, name: 'x'.repeat(101) }).name).toBe(
      'Name must be at most 100 characters',
    )
  })
  it('reads a typed phone number as its digits', () => {
    expect(phoneFilter('+91 98765 43210')).toBe('9876543210')
    expect(phoneFilter('987-65')).toBe('98765')
  })
})
