import { eventSchemas } from '@medstore/contracts/events'
import { until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shipping, startWorld, type World } from './helpers'

let w: World
let asha: string

beforeAll(async () => {
  w = await startWorld()
  asha = w.issuer.customer()
})
afterAll(async () => w?.close())

const place = (body: unknown, token = asha, headers: Record<string, string> = {}) =>
  w.api('POST', '/order', { token, json: body, headers })

const cashOrder = (items: { productId: string; quantity: number; price?: number }[], extra = {}) => ({
  items,
  shippingInfo: shipping(),
  paymentType: 'cash',
  ...extra,
})

describe('placing an order', () => {
  it('needs a signed-in customer', async () => {
    expect((await w.api('POST', '/order', { json: {} })).status).toBe(401)
  })

  it('prices every line from the catalogue, ignoring a tampered price, and totals without shipping or tax', async () => {
    const tulsi = await w.product({ name: 'Tulsi Drops', price: 149.5, stock: 10 })
    const neem = await w.product({ name: 'Neem Capsules', price: 80, stock: 10 })
    const res = await place(
      cashOrder([
        { productId: tulsi, quantity: 2, price: 0.01 },
        { productId: neem, quantity: 3, price: 1 },
      ]),
    )
    expect(res.status).toBe(201)
    const { order, paymentLinkUrl } = res.body
    expect(order.items.map((i: { price: number; quantity: number }) => [i.price, i.quantity])).toEqual([
      [149.5, 2],
      [80, 3],
    ])
    expect(order.totalPrice).toBe(539)
    expect(order.items[0].productId).toEqual({
      _id: tulsi,
      name: 'Tulsi Drops',
      image: expect.any(String),
      category: 'Ayurvedic',
      price: 149.5,
    })
    expect(order).toMatchObject({
      number: expect.stringMatching(/^MS-\d{6}$/),
      status: 'pending',
      paymentType: 'cash',
      paymentStatus: 'pending',
      paymentLinkUrl: null,
      userId: 'user-1',
    })
    expect(order.shippingInfo).toEqual({ ...shipping(), phoneNumber: '9876543210' })
    expect(order.items.every((i: { status: string }) => i.status === 'pending')).toBe(true)
    // Cash on delivery: the buyer goes straight to the shop's confirmation page, on the shop's own origin
    // (a path: a customer who opened the shop at 127.0.0.1 stays there, signed in).
    expect(paymentLinkUrl).toBe(`/checkout/confirmation?orderId=${order._id}`)
    expect(await w.stockOf(tulsi)).toBe(8)
  })

  it('keeps each line’s schedule, HSN code, GST rate and MRP as they were when ordered', async () => {
    const syrup = await w.product({
      name: 'Cough Syrup',
      price: 112,
      facts: { schedule: 'OTC', hsnCode: '30049099', gstRate: 12, mrp: 120 },
    })
    const plain = await w.product({ name: 'Plain Tablets', price: 50 })
    const res = await place(
      cashOrder([
        { productId: syrup, quantity: 1 },
        { productId: plain, quantity: 1 },
      ]),
    )
    expect(res.status).toBe(201)
    const facts = ({ schedule, hsnCode, gstRate, mrp }: Record<string, unknown>) => ({
      schedule,
      hsnCode,
      gstRate,
      mrp,
    })
    expect(res.body.order.items.map(facts)).toEqual([
      { schedule: 'OTC', hsnCode: '30049099', gstRate: 12, mrp: 120 },
      { schedule: 'OTC', hsnCode: '3004', gstRate: 5, mrp: 50 },
    ])
    // A later change in the catalogue leaves the placed line as it was.
    const changed = await w.catalogueApi('PUT', `/product?productId=${syrup}`, {
      token: w.admin,
      json: {
        name: 'Cough Syrup',
        category: 'Ayurvedic',
        price: 112,
        description: 'For tests',
        stock: 40,
        hsnCode: '30049099',
        gstRate: 18,
        mrp: 130,
      },
    })
    expect(changed.status).toBe(200)
    await until(async () => (await w.order.db.product.findUnique({ where: { id: syrup } }))?.gstRate === 18)
    const again = await w.api('GET', `/order/orderById?orderId=${res.body.order._id}`, { token: asha })
    expect(facts(again.body.order.items[0])).toEqual({
      schedule: 'OTC',
      hsnCode: '30049099',
      gstRate: 12,
      mrp: 120,
    })
  })

  it('numbers orders MS-000001, MS-000002, … in order', async () => {
    const p = await w.product()
    const first = (await place(cashOrder([{ productId: p, quantity: 1 }]))).body.order.number
    const second = (await place(cashOrder([{ productId: p, quantity: 1 }]))).body.order.number
    expect(Number(second.slice(3))).toBe(Number(first.slice(3)) + 1)
  })

  it('publishes order.created through the outbox, matching the contract', async () => {
    const p = await w.product()
    const { order } = (await place(cashOrder([{ productId: p, quantity: 1 }]))).body
    const event = await until(async () =>
      w.events.ofType('order.created').find((e) => (e.data as { orderId: string }).orderId === order._id),
    )
    expect(eventSchemas['order.created'].strict().parse(event.data)).toEqual({
      orderId: order._id,
      userId: 'user-1',
      number: order.number,
      status: 'pending',
    })
  })

  it("confirms the order's stock reservation in the catalogue, so its lease never gives the units back", async () => {
    const p = await w.product({ stock: 10 })
    const { order } = (await place(cashOrder([{ productId: p, quantity: 2 }]))).body
    const reservation = await until(() =>
      w.catalogue.db.reservation.findFirst({ where: { orderId: order._id, confirmedAt: { not: null } } }),
    )
    expect(reservation.status).toBe('reserved')
    expect(await w.stockOf(p)).toBe(8)
  })

  it.each([
    ['customerName', { customerName: '' }, 'Customer name is required'],
    [
      'phoneNumber',
      { phoneNumber: '12345' },
      'Enter a valid Indian mobile number (10 digits, optionally with +91)',
    ],
    ['country', { country: 'Nepal' }, 'We ship within India only'],
    ['state', { state: undefined }, 'State is required'],
    ['city', { city: '  ' }, 'City is required'],
    ['addressLine1', { addressLine1: '' }, 'Address line 1 is required'],
    ['postalCode', { postalCode: '5600' }, 'Postal code must be a 6-digit PIN code'],
    ['street', { street: '' }, 'Street is required'],
    ['houseNumber', { houseNumber: '' }, 'House number is required'],
  ])('refuses a bad %s with 400 naming the field', async (field, change, message) => {
    const p = await w.product()
    const res = await place({ ...cashOrder([{ productId: p, quantity: 1 }]), shippingInfo: shipping(change) })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(res.body.errors[0].path).toBe(`shippingInfo.${field}`)
  })

  it('accepts the numeric phone, PIN and house number the checkout form sends, and no addressLine2', async () => {
    const p = await w.product()
    const res = await place({
      ...cashOrder([{ productId: p, quantity: 1 }]),
      shippingInfo: {
        ...shipping({ phoneNumber: 9876543210, postalCode: 110001, houseNumber: 7 }),
        addressLine2: undefined,
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.order.shippingInfo).toMatchObject({
      phoneNumber: '9876543210',
      postalCode: '110001',
      houseNumber: '7',
      addressLine2: '',
    })
  })

  it.each([
    [{ items: [] }, 'An order needs at least one item'],
    [{ paymentType: 'card' }, 'Payment type must be cash or online'],
    [{ shippingInfo: undefined }, 'Shipping info is required'],
  ])('refuses %j with 400', async (change, message) => {
    const p = await w.product()
    const res = await place({ ...cashOrder([{ productId: p, quantity: 1 }]), ...change })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
  })

  it('refuses a line quantity outside 1–20 and a product listed twice', async () => {
    const p = await w.product()
    expect((await place(cashOrder([{ productId: p, quantity: 21 }]))).body.message).toBe(
      'Quantity can be at most 20 per product',
    )
    expect((await place(cashOrder([{ productId: p, quantity: 0 }]))).status).toBe(400)
    const twice = await place(
      cashOrder([
        { productId: p, quantity: 1 },
        { productId: p, quantity: 2 },
      ]),
    )
    expect(twice.status).toBe(400)
    expect(twice.body.message).toBe('Each product may appear only once in an order')
  })

  it('answers an unknown product with 404', async () => {
    const res = await place(cashOrder([{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]))
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ message: expect.stringMatching(/Product not found/), code: 'not_found' })
  })

  it('refuses with 409 naming the product and what is left, and reserves nothing of the other lines', async () => {
    const plenty = await w.product({ name: 'Amla Juice', stock: 10 })
    const few = await w.product({ name: 'Shilajit Resin', stock: 2 })
    const res = await place(
      cashOrder([
        { productId: plenty, quantity: 4 },
        { productId: few, quantity: 3 },
      ]),
    )
    expect(res.status).toBe(409)
    // The catalogue's refusal, passed through unchanged: its words, its code, its lines.
    expect(res.body.message).toBe('Only 2 of Shilajit Resin left (you asked for 3)')
    expect(res.body.code).toBe('out_of_stock')
    expect(res.body.shortages).toEqual([
      { productId: few, name: 'Shilajit Resin', requested: 3, available: 2 },
    ])
    expect(await w.stockOf(plenty)).toBe(10)
    expect(await w.stockOf(few)).toBe(2)
    expect(await w.order.db.order.count({ where: { items: { some: { productId: few } } } })).toBe(0)
  })

  it('sells the last 5 units to exactly 5 of 20 concurrent orders', async () => {
    const last = await w.product({ name: 'Last Units', stock: 5 })
    const buyers = Array.from({ length: 20 }, (_, i) => w.issuer.tokenFor({ id: `buyer-${i}` }))
    const results = await Promise.all(
      buyers.map((t) => place(cashOrder([{ productId: last, quantity: 1 }]), t)),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 409)).toHaveLength(15)
    expect(await w.stockOf(last)).toBe(0)
    expect(await w.order.db.order.count({ where: { items: { some: { productId: last } } } })).toBe(5)
  })

  it('answers a retried POST with the same Idempotency-Key with the first response, creating one order', async () => {
    const p = await w.product({ stock: 10 })
    const body = cashOrder([{ productId: p, quantity: 2 }])
    const headers = { 'Idempotency-Key': 'checkout-7f3a' }
    const first = await place(body, asha, headers)
    const retry = await place(body, asha, headers)
    expect(first.status).toBe(201)
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual(first.body)
    expect(await w.order.db.order.count({ where: { items: { some: { productId: p } } } })).toBe(1)
    // The answer is built before the statement that writes the order and stores it: it is the order as stored.
    const stored = await w.api('GET', `/order/orderById?orderId=${first.body.order._id}`, { token: asha })
    expect(stored.body.order).toEqual(first.body.order)
    expect(await w.stockOf(p)).toBe(8)

    // The same key from another customer is theirs alone; the same key with another body is refused.
    const other = await place(body, w.issuer.tokenFor({ id: 'user-idem' }), headers)
    expect(other.status).toBe(201)
    expect(other.body.order._id).not.toBe(first.body.order._id)
    const changed = await place(cashOrder([{ productId: p, quantity: 3 }]), asha, headers)
    expect(changed.status).toBe(422)
    expect(changed.body).toEqual({
      message: 'This Idempotency-Key was already used for a different order',
      code: 'idempotency_key_reused',
    })
  })

  it('places one order when the same Idempotency-Key arrives several times at once', async () => {
    const p = await w.product({ stock: 10 })
    const body = cashOrder([{ productId: p, quantity: 1 }])
    const results = await Promise.all(
      Array.from({ length: 5 }, () => place(body, asha, { 'Idempotency-Key': 'double-click-1' })),
    )
    for (const r of results) expect([201, 409]).toContain(r.status)
    // A client retries on the code, not on the wording.
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body.code).toBe('idempotency_in_progress')
    expect(await w.order.db.order.count({ where: { items: { some: { productId: p } } } })).toBe(1)
    expect(await w.stockOf(p)).toBe(9)
  })

  it('refuses a malformed Idempotency-Key', async () => {
    const p = await w.product()
    const res = await place(cashOrder([{ productId: p, quantity: 1 }]), asha, {
      'Idempotency-Key': 'x'.repeat(300),
    })
    expect(res.status).toBe(400)
  })

  it('places nothing and says so with 503 when the catalogue cannot be reached', async () => {
    const p = await w.product()
    const before = await w.order.db.order.count()
    await w.catalogue.stop() // the file's last test: the catalogue stays down
    const res = await place(cashOrder([{ productId: p, quantity: 1 }]))
    expect(res.status).toBe(503)
    expect(res.body.message).toMatch(/nothing was ordered/)
    expect(await w.order.db.order.count()).toBe(before)
  })
})
