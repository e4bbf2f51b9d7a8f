import type { CartItem } from '@medstore/contracts/cart'
import type { CustomerNotification } from '@medstore/contracts/messaging'
import { ApiError } from '@medstore/web-client'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decreased,
  increased,
  lineTotal,
  maxQuantityOf,
  orderableLines,
  subtotalOf,
  totalOf,
  unitCountOf,
} from '../src/domain/cart.ts'
import { afterFailure, isFinalAnswer, keyFor, newKeyState } from '../src/domain/idempotency.ts'
import {
  cancellability,
  emptyFilters,
  ORDERS_PER_PAGE,
  orderPageCount,
  ordersQuery,
  timelineOf,
} from '../src/domain/orders.ts'
import {
  emptyShippingForm,
  recalledAddress,
  rememberAddress,
  serverFieldErrors,
} from '../src/domain/shipping.ts'
import { validateShipping } from '../src/domain/shipping-rules.ts'
import { confirmationView } from '../src/screens/Confirmation.tsx'

const line = (price: number, quantity: number, extra: Partial<CartItem> = {}): CartItem => ({
  _id: `l-${price}-${quantity}`,
  quantity,
  productId: { _id: `p-${price}`, name: `P ${price}`, price, image: '' },
  available: true,
  ...extra,
})

describe('cart arithmetic', () => {
  it('line total is price × quantity, in whole paise', () => {
    expect(lineTotal(line(149.5, 3))).toBe(448.5)
    expect(lineTotal(line(0.1, 3))).toBe(0.3)
  })

  it('subtotal adds the available lines only, and the total is the subtotal (free delivery, taxes included)', () => {
    const items = [
      line(120.5, 2),
      line(0.2, 1),
      line(99, 4, { available: false, unavailableReason: 'Out of stock' }),
    ]
    expect(subtotalOf(items)).toBe(241.2)
    expect(totalOf(items)).toBe(subtotalOf(items))
    expect(orderableLines(items)).toHaveLength(2)
    expect(unitCountOf(items)).toBe(3)
    expect(subtotalOf([])).toBe(0)
  })

  it('subtotal equals the sum of line totals for any cart (no float drift)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            paise: fc.integer({ min: 1, max: 10_000_00 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          {
            maxLength: 20,
          },
        ),
        (lines) => {
          const items = lines.map((l, i) => ({ ...line(l.paise / 100, l.quantity), _id: String(i) }))
          const paise = lines.reduce((sum, l) => sum + l.paise * l.quantity, 0)
          expect(subtotalOf(items)).toBe(paise / 100)
        },
      ),
    )
  })
})

describe('quantity stepper', () => {
  it('minus does nothing at 1', () => {
    expect(decreased(line(10, 1))).toBeUndefined()
    expect(decreased(line(10, 2))).toBe(1)
    // More than is left (the line is unavailable): straight down to what is left.
    expect(decreased(line(10, 5, { maxQuantity: 2, available: false }))).toBe(2)
    expect(decreased(line(10, 5, { maxQuantity: 0, available: false }))).toBe(4)
  })

  it('plus stops at the stock the cart reports, and at the per-line cap of 20 without it', () => {
    expect(increased(line(10, 2, { maxQuantity: 3 }))).toBe(3)
    expect(increased(line(10, 3, { maxQuantity: 3 }))).toBeUndefined()
    expect(increased(line(10, 1, { maxQuantity: 0 }))).toBeUndefined()
    expect(increased(line(10, 19))).toBe(20)
    expect(increased(line(10, 20))).toBeUndefined()
    expect(maxQuantityOf({ maxQuantity: 99 })).toBe(20)
  })
})

describe('shipping validation (the contract schema)', () => {
  const valid = {
    ...emptyShippingForm(),
    customerName: 'Asha Rao',
    phoneNumber: '9876543210',
    state: 'Maharashtra',
    city: 'Pune',
    addressLine1: 'Flat 4B',
    postalCode: '411001',
    street: 'MG Road',
    houseNumber: '12',
  }

  it('passes a complete Indian address, India preset', () => {
    const result = validateShipping(valid)
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.value).toMatchObject({ country: 'India', addressLine2: '' })
  })

  it('gives one message per field, the server’s words', () => {
    const result = validateShipping({ ...valid, postalCode: '012345', city: ' ', country: 'Nepal' })
    expect(result).toEqual({
      ok: false,
      errors: {
        postalCode: {
          path: 'postalCode',
          message: 'Postal code must be a 6-digit PIN code',
          code: 'invalid_pin_code',
        },
        city: { path: 'city', message: 'City is required', code: 'required' },
        country: { path: 'country', message: 'We ship within India only', code: 'outside_india' },
      },
    })
    const empty = validateShipping(emptyShippingForm())
    expect(empty.ok).toBe(false)
    if (!empty.ok)
      expect(Object.keys(empty.errors).sort()).toEqual(
        [
          'addressLine1',
          'city',
          'customerName',
          'houseNumber',
          'phoneNumber',
          'postalCode',
          'state',
          'street',
        ].sort(),
      )
  })

  it('maps the server’s field errors onto the form', () => {
    expect(
      serverFieldErrors([
        { path: 'shippingInfo.city', message: 'City is required' },
        { path: 'items', message: 'An order needs at least one item' },
      ]),
    ).toEqual({ city: { path: 'shippingInfo.city', message: 'City is required' } })
  })

  it('remembers the last address per user, ignores a stored one that is not a whole address, and leaves the rules to the send', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as Storage
    const checked = validateShipping(valid)
    if (!checked.ok) throw new Error('valid')
    rememberAddress(storage, 'u1', checked.value)
    expect(recalledAddress(storage, 'u1')).toMatchObject({ city: 'Pune', postalCode: '411001' })
    expect(recalledAddress(storage, 'u2')).toBeUndefined()
    store.set('medstore.checkout.address.u2', '{"city":"x"}')
    expect(recalledAddress(storage, 'u2')).toBeUndefined()
    store.set('medstore.checkout.address.u2', JSON.stringify({ ...checked.value, city: 42 }))
    expect(recalledAddress(storage, 'u2')).toBeUndefined()
    store.set('medstore.checkout.address.u2', 'not json')
    expect(recalledAddress(storage, 'u2')).toBeUndefined()
    // A whole address the rules now refuse is offered as typed; sending it shows the field's message.
    const { addressLine2: _, ...withoutLine2 } = { ...checked.value, postalCode: '012345' }
    store.set('medstore.checkout.address.u2', JSON.stringify(withoutLine2))
    const recalled = recalledAddress(storage, 'u2')
    expect(recalled).toMatchObject({ postalCode: '012345', addressLine2: '' })
    expect(recalled && validateShipping(recalled).ok).toBe(false)
  })
})

describe('Idempotency-Key per attempt-set', () => {
  let n = 0
  const make = () => `k${++n}`

  it('reuses the key for the same request after a network error, a timeout or a 5xx', () => {
    let state = keyFor(newKeyState(make), 'body-A', make)
    const first = state.key
    for (const error of [
      new ApiError('offline', 0, 'network'),
      new ApiError('slow', 0, 'timeout'),
      new ApiError('down', 503, 'http'),
      // Told by its code, whatever the wording.
      new ApiError('Please wait', 409, 'http', [], { code: 'idempotency_in_progress' }),
    ]) {
      state = keyFor(afterFailure(state, error), 'body-A', make)
      expect(state.key).toBe(first)
    }
  })

  it('takes a new key after a final answer or when the request changed', () => {
    const sent = keyFor(newKeyState(make), 'body-A', make)
    const short = new ApiError('Only 1 of Neem left', 409, 'http', [], { code: 'out_of_stock' })
    expect(isFinalAnswer(short)).toBe(true)
    // The wording alone no longer decides: a 409 without the code is final.
    expect(isFinalAnswer(new ApiError('Order is still being placed', 409, 'http'))).toBe(true)
    expect(keyFor(afterFailure(sent, short), 'body-A', make).key).not.toBe(sent.key)
    expect(keyFor(sent, 'body-B', make).key).not.toBe(sent.key)
  })
})

describe('my orders filters and paging', () => {
  it('sends only the filters given, 5 per page, All Status meaning every status', () => {
    expect(ordersQuery(emptyFilters(), 2)).toEqual({
      ok: true,
      query: {
        name: undefined,
        date: undefined,
        price: undefined,
        status: undefined,
        page: 2,
        limit: ORDERS_PER_PAGE,
      },
    })
    expect(ordersQuery({ name: ' asha ', date: '23/11/2026', price: '12', status: 'shipped' }, 1)).toEqual({
      ok: true,
      query: { name: 'asha', date: '2026-11-23', price: '12', status: 'shipped', page: 1, limit: 5 },
    })
  })

  it('reads the price as the table shows it', () => {
    for (const [typed, sent] of [
      ['199.00', '199'],
      ['₹199.00', '199'],
      ['1,299.50', '1299.5'],
    ] as const)
      expect(ordersQuery({ ...emptyFilters(), price: typed }, 1)).toMatchObject({
        ok: true,
        query: { price: sent },
      })
  })

  it('explains a bad filter next to its field instead of sending it', () => {
    expect(ordersQuery({ ...emptyFilters(), price: '12x' }, 1)).toEqual({
      ok: false,
      field: 'price',
      message: 'Price may hold only digits, a dot, commas and ₹',
    })
    expect(ordersQuery({ ...emptyFilters(), date: '11/31/2026' }, 1)).toEqual({
      ok: false,
      field: 'date',
      message: 'Enter the date as dd/mm/yyyy, e.g. 28/11/2026',
    })
  })

  it('counts pages of 5', () => {
    expect([0, 1, 5, 6, 10, 11].map(orderPageCount)).toEqual([1, 1, 1, 2, 2, 3])
  })

  it('allows cancelling pending or processing orders within 24 hours, and says why not otherwise', () => {
    const now = new Date('2026-11-23T12:00:00Z')
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString()
    expect(cancellability({ status: 'pending', createdAt: at(1) }, now)).toEqual({ allowed: true })
    expect(cancellability({ status: 'processing', createdAt: at(23) }, now)).toEqual({ allowed: true })
    expect(cancellability({ status: 'pending', createdAt: at(25) }, now)).toEqual({
      allowed: false,
      why: 'late',
    })
    expect(cancellability({ status: 'shipped', createdAt: at(1) }, now)).toEqual({
      allowed: false,
      why: 'dispatched',
      status: 'shipped',
    })
    expect(cancellability({ status: 'cancelled', createdAt: at(1) }, now)).toEqual({
      allowed: false,
      why: 'cancelled',
    })
  })

  it('builds an order’s timeline oldest first from its own notifications', () => {
    const note = (id: string, orderId: string, at: string): CustomerNotification => ({
      _id: id,
      text: id,
      kind: 'order.status_changed',
      orderId,
      orderNumber: 'MS-1',
      status: 'processing',
      productId: null,
      createdAt: at,
    })
    const list = [
      note('b', 'o1', '2026-11-23T10:00:00Z'),
      note('x', 'o2', '2026-11-23T09:00:00Z'),
      note('a', 'o1', '2026-11-22T10:00:00Z'),
    ]
    expect(timelineOf('o1', list).map((e) => e.id)).toEqual(['a', 'b'])
  })
})

describe('confirmation page', () => {
  it('lands cash orders on "placed" and online ones on paid, waiting or failed', () => {
    const view = (
      paymentType: string,
      paymentStatus: 'pending' | 'paid' | 'failed',
      status: 'pending' | 'cancelled' = 'pending',
    ) => confirmationView({ paymentType, paymentStatus, status })
    expect(view('cash', 'pending')).toBe('placed')
    expect(view('online', 'paid')).toBe('paid')
    expect(view('online', 'pending')).toBe('payment-pending')
    expect(view('online', 'failed')).toBe('payment-failed')
    expect(view('online', 'failed', 'cancelled')).toBe('cancelled')
  })
})
