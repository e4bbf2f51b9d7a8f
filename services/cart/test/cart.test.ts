import { until, useServiceUnderTest } from '@medstore/service-kit/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { cartService } from '../src/service'
import { client } from './helpers'

let call: ReturnType<typeof client>
let asha: string
let ravi: string

/**
 * Publishes the catalogue's product.upserted and product.stock_changed for a product (as it does for a
 * product created or edited) and waits until the cart's replica has applied them.
 */
async function catalogueHas(
  product: { productId: string; name?: string; price?: number; stock?: number; schedule?: string },
  occurredAt = new Date(),
) {
  const { stock = 50, ...fields } = product
  const data = {
    name: `Product ${product.productId}`,
    category: 'Ayurveda',
    price: 120.5,
    image: `/images/${product.productId}.jpg`,
    schedule: 'OTC',
    ...fields,
  }
  await applied('product.upserted', data, occurredAt)
  await applied('product.stock_changed', { productId: product.productId, stock }, occurredAt)
}

async function applied(type: string, data: unknown, occurredAt = new Date()) {
  const event = await sut.bus.publish(type, data, occurredAt)
  await until(async () => {
    const { rowCount } = await sut.service.pool.query('SELECT 1 FROM eventbus.inbox WHERE event_id = $1', [
      event.id,
    ])
    return rowCount === 1
  })
}

const sut = useServiceUnderTest(cartService)
beforeAll(() => {
  call = client(sut.service.url)
  asha = sut.issuer.customer()
  ravi = sut.issuer.tokenFor({ id: 'user-2', name: 'Ravi Kumar' })
})

describe('cart', () => {
  it('needs a signed-in customer', async () => {
    expect((await call('GET', '/cart')).status).toBe(401)
    expect((await call('POST', '/cart', undefined, { productId: 'x', quantity: 1 })).status).toBe(401)
    expect((await call('GET', '/cart', sut.issuer.tampered())).status).toBe(401)
  })

  it('refuses a Schedule X medicine with 422 not_sold_online; an H medicine is carted with its schedule', async () => {
    await catalogueHas({ productId: 'p-x', name: 'Methylphenidate 10 mg', schedule: 'X' })
    const refused = await call('POST', '/cart', asha, { productId: 'p-x', quantity: 1 })
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ message: 'This medicine is not sold online', code: 'not_sold_online' })
    await catalogueHas({ productId: 'p-h', name: 'Amoxicillin 500', schedule: 'H' })
    expect((await call('POST', '/cart', asha, { productId: 'p-h', quantity: 1 })).status).toBe(200)
    const { body } = await call('GET', '/cart', asha)
    expect(
      body.cart.items.map((i: { productId: { _id: string; schedule: string } }) => i.productId),
    ).toContainEqual(expect.objectContaining({ _id: 'p-h', schedule: 'H' }))
  })

  it('adds a product from the replica (no catalogue running) and shows it as documented', async () => {
    await catalogueHas({ productId: 'p-add', name: 'Triphala Churna', price: 149.5 })
    const added = await call('POST', '/cart', asha, { productId: 'p-add', quantity: 2 })
    expect(added.status).toBe(200)
    const { body } = await call('GET', '/cart', asha)
    const line = body.cart.items.find((i: { productId: { _id: string } }) => i.productId._id === 'p-add')
    expect(line).toEqual({
      _id: expect.any(String),
      quantity: 2,
      productId: {
        _id: 'p-add',
        name: 'Triphala Churna',
        price: 149.5,
        image: '/images/p-add.jpg',
        schedule: 'OTC',
      },
      available: true,
      maxQuantity: 20,
    })
    expect(added.body).toEqual(body)
  })

  it('adding a product already in the cart increases its quantity; PUT sets it; DELETE removes the line', async () => {
    await catalogueHas({ productId: 'p-inc', price: 10 })
    await call('POST', '/cart', ravi, { productId: 'p-inc', quantity: 1 })
    const again = await call('POST', '/cart', ravi, { productId: 'p-inc', quantity: 3 })
    expect(again.body.cart.items).toHaveLength(1)
    expect(again.body.cart.items[0].quantity).toBe(4)
    expect(again.body.cart.subtotal).toBe(40)

    const set = await call('PUT', '/cart', ravi, { productId: 'p-inc', quantity: 7 })
    expect(set.status).toBe(200)
    expect(set.body.cart.items[0].quantity).toBe(7)

    const removed = await call('DELETE', '/cart?productId=p-inc', ravi)
    expect(removed.status).toBe(200)
    expect(removed.body.cart.items).toEqual([])
    const twice = await call('DELETE', '/cart?productId=p-inc', ravi)
    expect(twice.status).toBe(404)
    expect(twice.body.message).toBe('This product is not in your cart')
  })

  it('keeps each customer to their own cart', async () => {
    await catalogueHas({ productId: 'p-own' })
    const other = sut.issuer.tokenFor({ id: 'user-own' })
    await call('POST', '/cart', other, { productId: 'p-own', quantity: 1 })
    const mine = await call('GET', '/cart', sut.issuer.tokenFor({ id: 'user-someone-else' }))
    expect(mine.body.cart.items).toEqual([])
    expect(
      (await call('DELETE', '/cart?productId=p-own', sut.issuer.tokenFor({ id: 'user-x' }))).status,
    ).toBe(404)
  })

  it.each([
    [0, 'Quantity must be at least 1'],
    [-2, 'Quantity must be at least 1'],
    [1.5, 'Quantity must be a whole number'],
    ['2', 'Quantity must be a whole number'],
    [21, 'Quantity can be at most 20 per product'],
    [null, 'Quantity must be a whole number'],
  ])('refuses quantity %j with 400: %s', async (quantity, message) => {
    await catalogueHas({ productId: 'p-qty' })
    for (const method of ['POST', 'PUT']) {
      const res = await call(method, '/cart', asha, { productId: 'p-qty', quantity })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
      expect(res.body.errors[0].path).toBe('quantity')
    }
  })

  it('refuses a missing productId with 400 and an unknown product with 404', async () => {
    const missing = await call('POST', '/cart', asha, { quantity: 1 })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('productId is required')
    expect((await call('DELETE', '/cart', asha)).status).toBe(400)
    const unknown = await call('POST', '/cart', asha, { productId: 'no-such-product', quantity: 1 })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'Product not found', code: 'not_found' })
  })

  it('refuses to pass the cap of 20 by adding, and more than is in stock', async () => {
    await catalogueHas({ productId: 'p-cap', stock: 100 })
    const u = sut.issuer.tokenFor({ id: 'user-cap' })
    expect((await call('POST', '/cart', u, { productId: 'p-cap', quantity: 15 })).status).toBe(200)
    const over = await call('POST', '/cart', u, { productId: 'p-cap', quantity: 10 })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe('You can have at most 20 of one product in your cart')
    expect((await call('GET', '/cart', u)).body.cart.items[0].quantity).toBe(15)

    await catalogueHas({ productId: 'p-few', name: 'Chyawanprash', stock: 3 })
    const few = await call('POST', '/cart', u, { productId: 'p-few', quantity: 4 })
    expect(few.status).toBe(409)
    expect(few.body.message).toBe('Only 3 of Chyawanprash left')
    await call('POST', '/cart', u, { productId: 'p-few', quantity: 2 })
    const line = (await call('GET', '/cart', u)).body.cart.items.find(
      (i: { productId: { _id: string } }) => i.productId._id === 'p-few',
    )
    expect(line.maxQuantity).toBe(3)
  })

  it('concurrent adds of the same product make one line with the sum', async () => {
    await catalogueHas({ productId: 'p-race' })
    const u = sut.issuer.tokenFor({ id: 'user-race' })
    const results = await Promise.all(
      Array.from({ length: 12 }, () => call('POST', '/cart', u, { productId: 'p-race', quantity: 1 })),
    )
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200))
    const { body } = await call('GET', '/cart', u)
    expect(body.cart.items).toHaveLength(1)
    expect(body.cart.items[0].quantity).toBe(12)
  })

  it('keeps stock and the product on their own clocks: neither event hides the other, in any order', async () => {
    const now = Date.now()
    const u = sut.issuer.tokenFor({ id: 'user-early' })
    // The stock heard of first: the product is not sold until the catalogue's product.upserted arrives.
    await applied('product.stock_changed', { productId: 'p-early', stock: 4 }, new Date(now))
    expect((await call('POST', '/cart', u, { productId: 'p-early', quantity: 1 })).status).toBe(404)
    // The product, from an edit older than the stock change: both apply.
    await applied(
      'product.upserted',
      { productId: 'p-early', name: 'Giloy', category: 'Ayurveda', price: 40, image: '', schedule: 'OTC' },
      new Date(now - 1_000),
    )
    // An older stock figure arriving late changes nothing.
    await applied('product.stock_changed', { productId: 'p-early', stock: 1 }, new Date(now - 2_000))
    expect((await call('POST', '/cart', u, { productId: 'p-early', quantity: 4 })).status).toBe(200)
    expect((await call('POST', '/cart', u, { productId: 'p-early', quantity: 1 })).status).toBe(409)
  })

  it('shows a product that went out of stock or was deleted as unavailable instead of dropping it', async () => {
    await catalogueHas({ productId: 'p-gone', name: 'Brahmi', price: 80 })
    await catalogueHas({ productId: 'p-sold', name: 'Neem', price: 30 })
    await catalogueHas({ productId: 'p-fine', name: 'Tulsi', price: 50 })
    const u = sut.issuer.tokenFor({ id: 'user-gone' })
    for (const productId of ['p-gone', 'p-sold', 'p-fine'])
      await call('POST', '/cart', u, { productId, quantity: 2 })

    await applied('product.deleted', { productId: 'p-gone' })
    await applied('product.stock_changed', { productId: 'p-sold', stock: 0 })
    const { body } = await call('GET', '/cart', u)
    const byId = Object.fromEntries(
      body.cart.items.map((i: { productId: { _id: string } }) => [i.productId._id, i]),
    )
    expect(byId['p-gone']).toMatchObject({ available: false, unavailableReason: 'No longer sold' })
    expect(byId['p-gone'].productId.name).toBe('Brahmi')
    expect(byId['p-sold']).toMatchObject({
      available: false,
      unavailableReason: 'Out of stock',
      maxQuantity: 0,
    })
    expect(byId['p-gone']).toMatchObject({ maxQuantity: 0 })
    expect(byId['p-fine']).toMatchObject({ available: true })
    expect(body.cart.subtotal).toBe(100)

    const again = await call('POST', '/cart', u, { productId: 'p-gone', quantity: 1 })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('Brahmi is not sold any more')
  })

  it('ignores a catalogue event older than the one it already applied', async () => {
    const now = Date.now()
    await catalogueHas({ productId: 'p-order', price: 99 }, new Date(now))
    await catalogueHas({ productId: 'p-order', price: 11 }, new Date(now - 60_000))
    const product = await sut.service.db.product.findUnique({ where: { id: 'p-order' } })
    expect(product?.pricePaise).toBe(9_900)
    await applied('product.deleted', { productId: 'p-order' }, new Date(now + 1_000))
    await catalogueHas({ productId: 'p-order', price: 12 }, new Date(now + 500))
    expect((await sut.service.db.product.findUnique({ where: { id: 'p-order' } }))?.deleted).toBe(true)
  })

  it('empties the cart of the customer whose order was created, and only theirs', async () => {
    await catalogueHas({ productId: 'p-buy' })
    const buyer = sut.issuer.tokenFor({ id: 'user-buyer' })
    const bystander = sut.issuer.tokenFor({ id: 'user-bystander' })
    await call('POST', '/cart', buyer, { productId: 'p-buy', quantity: 2 })
    await call('POST', '/cart', bystander, { productId: 'p-buy', quantity: 1 })
    await applied('order.created', {
      orderId: 'o-1',
      userId: 'user-buyer',
      number: 'MS-000001',
      status: 'pending',
    })
    expect((await call('GET', '/cart', buyer)).body.cart.items).toEqual([])
    expect((await call('GET', '/cart', bystander)).body.cart.items).toHaveLength(1)
  })

  it('keeps lines added after the order was created', async () => {
    await catalogueHas({ productId: 'p-later' })
    const u = sut.issuer.tokenFor({ id: 'user-later' })
    const placedAt = new Date(Date.now() - 5_000)
    await call('POST', '/cart', u, { productId: 'p-later', quantity: 1 })
    await applied(
      'order.created',
      { orderId: 'o-2', userId: 'user-later', number: 'MS-000002', status: 'pending' },
      placedAt,
    )
    expect((await call('GET', '/cart', u)).body.cart.items).toHaveLength(1)
  })

  it('empties the carts of a burst of orders applied together, each order once, keeping later lines', async () => {
    await catalogueHas({ productId: 'p-burst' })
    const buyers = Array.from({ length: 30 }, (_, i) => `user-burst-${i}`)
    for (const id of buyers)
      await call('POST', '/cart', sut.issuer.tokenFor({ id }), { productId: 'p-burst', quantity: 1 })
    const placedAt = new Date()
    const late = sut.issuer.tokenFor({ id: 'user-burst-late' })
    await call('POST', '/cart', late, { productId: 'p-burst', quantity: 1 })
    const order = (userId: string, i: number, at = placedAt) =>
      sut.bus.publish(
        'order.created',
        { orderId: `o-burst-${i}`, userId, number: `MS-9${String(i).padStart(5, '0')}`, status: 'pending' },
        at,
      )
    // All at once (one batch or a few), one of them twice, and one order older than its customer's line.
    const events = await Promise.all([
      ...buyers.map((id, i) => order(id, i)),
      order('user-burst-late', 99, new Date(placedAt.getTime() - 60_000)),
    ])
    const first = events[0]!
    await sut.bus.republish(first)
    await until(async () => {
      const { rows } = await sut.service.pool.query(
        'SELECT count(*) FROM eventbus.inbox WHERE event_id = ANY($1)',
        [events.map((e) => e.id)],
      )
      return Number(rows[0].count) === events.length
    })
    for (const id of buyers)
      expect((await call('GET', '/cart', sut.issuer.tokenFor({ id }))).body.cart.items).toEqual([])
    expect((await call('GET', '/cart', late)).body.cart.items).toHaveLength(1)
  })
})
