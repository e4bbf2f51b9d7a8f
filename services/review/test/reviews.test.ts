import { until, useServiceUnderTest } from '@medstore/service-kit/testing'
import { describe, expect, it } from 'vitest'
import { reviewService } from '../src/service'

let seq = 0

const sut = useServiceUnderTest(reviewService)

/** A customer of their own, so tests do not collide on "one review per customer per product". */
function newCustomer(name = 'Ravi Kumar') {
  const id = `user-${++seq}`
  return { id, token: sut.issuer.tokenFor({ id, name, userName: `u${seq}` }) }
}

/** A product the catalogue has announced, present in the replica. */
async function newProduct(name = 'Ashwagandha Churna') {
  const productId = `product-${++seq}`
  await sut.bus.publish('product.upserted', {
    productId,
    name,
    category: 'Ayurveda',
    price: 149.5,
    image: `/product/image/${productId}`,
    schedule: 'OTC',
  })
  await until(async () => (await sut.service.db.product.count({ where: { id: productId } })) === 1)
  return productId
}

/** The service has handled (or, being stale, deliberately ignored) this event: its inbox row is there. */
async function handled(event: { id: string }) {
  await until(async () => {
    const { rowCount } = await sut.service.pool.query('SELECT 1 FROM eventbus.inbox WHERE event_id = $1', [
      event.id,
    ])
    return rowCount === 1
  })
}

async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `bearer ${options.token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${sut.service.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  return { status: res.status, body: await res.json() }
}

const post = (token: string | undefined, body: unknown) => call('POST', '/review', { token, body })

describe('POST /review', () => {
  it('asks a guest to sign in', async () => {
    const productId = await newProduct()
    const res = await post(undefined, { rating: 5, comment: 'Good', productId })
    expect(res.status).toBe(401)
    expect(await sut.service.db.review.count({ where: { productId } })).toBe(0)
  })

  it('creates the review, trims the comment and signs it with the registered name', async () => {
    const productId = await newProduct()
    const customer = newCustomer('Token Name')
    await sut.bus.publish('user.registered', {
      userId: customer.id,
      userName: 'asha',
      email: 'asha@example.in',
      name: 'Asha Rani Rao',
    })
    await until(async () => (await sut.service.db.customer.count({ where: { id: customer.id } })) === 1)

    const res = await post(customer.token, { rating: 4, comment: '  Helped my digestion.  ', productId })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      _id: expect.any(String),
      rating: 4,
      comment: 'Helped my digestion.',
      productId,
      // Signed in public with the first name and the last name's initial; the full name is kept.
      userId: { firstName: 'Asha', lastName: 'R.' },
      verifiedPurchase: false,
      creeatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      createdAt: res.body.creeatedAt,
    })
    const listed = await sut.service.db.review.findFirstOrThrow({ where: { id: res.body._id } })
    expect(listed.authorLastName).toBe('Rani Rao')
  })

  it("falls back to the token's name for a customer it has not seen register, and allows an empty comment", async () => {
    const productId = await newProduct()
    const res = await post(newCustomer('Meera Iyer').token, { rating: 3, productId })
    expect(res.status).toBe(201)
    expect(res.body.userId).toEqual({ firstName: 'Meera', lastName: 'I.' })
    expect(res.body.comment).toBe('')
  })

  it.each([
    [{ comment: 'no stars' }, 'Please select a rating'],
    [{ rating: 0 }, 'Please select a rating'],
    [{ rating: null }, 'Please select a rating'],
    [{ rating: '5' }, 'Please select a rating'],
    [{ rating: 6 }, 'Rating must be at most 5 stars'],
    [{ rating: 2.5 }, 'Rating must be a whole number of stars'],
    [{ rating: 5, comment: 'x'.repeat(2001) }, 'Comment must be at most 2,000 characters'],
    [{ rating: 5, comment: 42 }, 'Comment must be text'],
  ])('refuses %j with 400 "%s" and stores nothing', async (fields, message) => {
    const productId = await newProduct()
    const res = await post(newCustomer().token, { productId, ...fields })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(await sut.service.db.review.count({ where: { productId } })).toBe(0)
  })

  it('takes a comment of exactly 2,000 characters', async () => {
    const res = await post(newCustomer().token, {
      rating: 5,
      comment: 'x'.repeat(2000),
      productId: await newProduct(),
    })
    expect(res.status).toBe(201)
  })

  it('refuses a missing product id, and a body that is not JSON', async () => {
    const res = await post(newCustomer().token, { rating: 5 })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Product is required')
    const raw = await fetch(`${sut.service.url}/review`, {
      method: 'POST',
      headers: { authorization: `bearer ${newCustomer().token}`, 'content-type': 'text/plain' },
      body: 'rating=5',
    })
    expect(raw.status).toBe(400)
    expect((await raw.json()).message).toBe('Please select a rating')
  })

  it('answers 404 for a product the catalogue never had, or has deleted', async () => {
    const unknown = await post(newCustomer().token, { rating: 5, productId: 'no-such-product' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Product not found')

    const productId = await newProduct()
    await sut.bus.publish('product.deleted', { productId })
    await until(
      async () => (await sut.service.db.product.findUnique({ where: { id: productId } }))?.deleted === true,
    )
    const deleted = await post(newCustomer().token, { rating: 5, productId })
    expect(deleted.status).toBe(404)
  })

  it('ignores an older product event that arrives after a newer one', async () => {
    const productId = await newProduct()
    await handled(await sut.bus.publish('product.deleted', { productId }))
    // A stale upsert (e.g. one that sat in the retry queue) must not bring the product back.
    const stale = await sut.bus.publish(
      'product.upserted',
      {
        productId,
        name: 'Old',
        category: 'Ayurveda',
        price: 1,
        image: '',
        schedule: 'OTC',
      },
      new Date(Date.now() - 60_000),
    )
    await handled(stale)
    const res = await post(newCustomer().token, { rating: 5, productId })
    expect(res.status).toBe(404)
  })

  it('allows one review per customer per product (409 for a second, also when both arrive at once)', async () => {
    const productId = await newProduct()
    const customer = newCustomer()
    expect((await post(customer.token, { rating: 5, productId })).status).toBe(201)
    const again = await post(customer.token, { rating: 1, productId })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('You have already reviewed this product')

    const racer = newCustomer()
    const statuses = await Promise.all(
      [1, 2, 3, 4].map((rating) => post(racer.token, { rating, productId }).then((r) => r.status)),
    )
    expect(statuses.sort()).toEqual([201, 409, 409, 409])
    expect(await sut.service.db.review.count({ where: { productId } })).toBe(2)
  })
})

describe('GET /review', () => {
  it("lists a product's reviews newest first, with both date spellings", async () => {
    const productId = await newProduct()
    const other = await newProduct()
    for (const rating of [2, 4, 5])
      await post(newCustomer().token, { rating, comment: `r${rating}`, productId })
    await post(newCustomer().token, { rating: 1, productId: other })

    const res = await call('GET', `/review?productId=${productId}`)
    expect(res.status).toBe(200)
    expect(res.body.map((r: { comment: string }) => r.comment)).toEqual(['r5', 'r4', 'r2'])
    for (const review of res.body) {
      expect(Object.keys(review).sort()).toEqual(
        [
          '_id',
          'comment',
          'createdAt',
          'creeatedAt',
          'productId',
          'rating',
          'userId',
          'verifiedPurchase',
        ].sort(),
      )
      expect(review.creeatedAt).toBe(review.createdAt)
    }
    const dates = res.body.map((r: { createdAt: string }) => Date.parse(r.createdAt))
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
  })

  it('is an empty list for a product without reviews, and 400 without a productId', async () => {
    expect((await call('GET', '/review?productId=nothing-here')).body).toEqual([])
    const missing = await call('GET', '/review')
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Product is required')
  })
})

describe('GET /review/overview', () => {
  it('gives the exact average and percentages that add up to 100 for 1, 1, 1 reviews of 1, 2 and 5 stars', async () => {
    const productId = await newProduct()
    for (const rating of [1, 2, 5]) await post(newCustomer().token, { rating, productId })
    const res = await call('GET', `/review/overview?productId=${productId}`)
    expect(res.status).toBe(200)
    expect(res.body.totalRatings).toBe(3)
    expect(res.body.averageRating).toBeCloseTo(8 / 3, 10)
    const percents = res.body.ratingPercentages
    expect(Object.keys(percents).sort()).toEqual(['1', '2', '3', '4', '5'])
    expect(Object.values(percents).reduce((a: number, b) => a + (b as number), 0)).toBe(100)
    expect(percents['3']).toBe(0)
    expect(percents['4']).toBe(0)
    expect([percents['1'], percents['2'], percents['5']].sort()).toEqual([33, 33, 34])
  })

  it('is all zeros for a product with no reviews', async () => {
    const res = await call('GET', `/review/overview?productId=${await newProduct()}`)
    expect(res.body).toEqual({
      averageRating: 0,
      totalRatings: 0,
      ratingPercentages: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    })
  })
})

describe('verified purchase', () => {
  const itemEvent = (
    customer: { id: string },
    productId: string,
    itemId: string,
    status: string,
    occurredAt?: Date,
  ) =>
    sut.bus.publish(
      'order.item_status_changed',
      { orderId: `order-${itemId}`, userId: customer.id, number: 'MS-000123', itemId, productId, status },
      occurredAt,
    )

  const reviewOf = async (customer: { id: string }, productId: string) =>
    sut.service.db.review.findUnique({ where: { userId_productId: { userId: customer.id, productId } } })

  it('marks an existing review verified when its product is delivered to the author', async () => {
    const productId = await newProduct()
    const customer = newCustomer()
    const someoneElse = newCustomer()
    await post(customer.token, { rating: 5, productId })
    await post(someoneElse.token, { rating: 4, productId })

    await handled(await itemEvent(customer, productId, `item-${++seq}`, 'shipped'))
    await itemEvent(customer, productId, `item-${seq}`, 'delivered')
    await until(async () => (await reviewOf(customer, productId))?.verifiedPurchase === true)

    const list = (await call('GET', `/review?productId=${productId}`)).body
    const verified = Object.fromEntries(
      list.map((r: { rating: number; verifiedPurchase: boolean }) => [r.rating, r.verifiedPurchase]),
    )
    expect(verified).toEqual({ 5: true, 4: false })
  })

  it('verifies at once a review written after delivery', async () => {
    const productId = await newProduct()
    const customer = newCustomer()
    await handled(await itemEvent(customer, productId, `item-${++seq}`, 'delivered'))
    const res = await post(customer.token, { rating: 5, productId })
    expect(res.body.verifiedPurchase).toBe(true)
  })

  it('takes the mark away when the vendor corrects the item to another status, but not for a stale event', async () => {
    const productId = await newProduct()
    const customer = newCustomer()
    await post(customer.token, { rating: 2, productId })
    const itemId = `item-${++seq}`
    await itemEvent(customer, productId, itemId, 'delivered')
    await until(async () => (await reviewOf(customer, productId))?.verifiedPurchase === true)

    await itemEvent(customer, productId, itemId, 'shipped')
    await until(async () => (await reviewOf(customer, productId))?.verifiedPurchase === false)

    // A 'delivered' that happened before the correction, arriving late, changes nothing.
    await handled(await itemEvent(customer, productId, itemId, 'delivered', new Date(Date.now() - 60_000)))
    expect((await reviewOf(customer, productId))?.verifiedPurchase).toBe(false)
  })
})
