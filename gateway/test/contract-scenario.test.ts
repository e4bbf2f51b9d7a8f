import { SERVICES } from '@medstore/contracts/services'
import { describe, expect, it } from 'vitest'
import { leakIn } from './leaks'
import { conformanceProblem } from './openapi-conformance'
import { ADMIN, CUSTOMER_PASSWORD, SHIPPING, useTestShop } from './support'

/**
 * A customer's and the pharmacist's day through the gateway, every exchange recorded and then checked
 * against the OpenAPI document: the answers the document used to leave out (the 409's shortages, 304 on
 * images, the HTML payment page, the webhook's answer, 400s, the gateway's 413) must all be described.
 * Everything the six services and the gateway logged meanwhile, at trace level, is searched for secrets.
 */
const shop = useTestShop({ record: true, customer: true, logs: true })

/** What no log line may hold: the day's passwords, a password hash, a token, a private key, a phone number. */
const SECRETS: [string, RegExp][] = [
  ['a password', new RegExp(`${CUSTOMER_PASSWORD}|${ADMIN.password}`)],
  ['a password hash', /\$argon2(id|i|d)\$|\$2[aby]\$\d\d\$/],
  ['a token', /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\./],
  ['a private key', /PRIVATE KEY/],
  ['a phone number', /98765 ?43210/],
]

const call = (
  path: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(`${shop.gateway.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  })

describe('the documented answers, end to end', () => {
  let productId: string
  let image: string
  let orderId: string

  it('lets the pharmacist add a product with one in stock', async () => {
    expect(
      (await call('/category', { method: 'POST', token: shop.admin, json: { name: 'Pain relief' } })).status,
    ).toBe(201)
    const res = await call('/product', {
      method: 'POST',
      token: shop.admin,
      json: {
        name: 'Dolo 650',
        category: 'Pain relief',
        price: 32,
        description: 'Paracetamol 650 mg',
        stock: 1,
      },
    })
    expect(res.status).toBe(201)
    const product = (await res.json()) as { _id: string; image: string }
    productId = product._id
    image = new URL(product.image).pathname
  })

  it('serves the image, then 304 to its ETag', async () => {
    const first = await call(image)
    expect(first.status).toBe(200)
    await first.arrayBuffer()
    const etag = first.headers.get('etag')!
    expect((await call(image, { headers: { 'if-none-match': etag } })).status).toBe(304)
    expect((await call(`${image}/card`)).status).toBe(200)
  })

  it('answers a short order with 409 and its shortages, and an order within stock with 201', async () => {
    const order = (quantity: number, key: string) =>
      call('/order', {
        method: 'POST',
        token: shop.customer,
        headers: { 'idempotency-key': key },
        json: { items: [{ productId, quantity }], shippingInfo: SHIPPING, paymentType: 'online' },
      })
    // The order service learns of the product from the catalogue's event: wait until it has.
    let short = await order(3, 'short-1')
    for (let i = 0; i < 50 && short.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 200))
      short = await order(3, `short-${i + 2}`)
    }
    expect(short.status).toBe(409)
    const refusal = (await short.json()) as { code: string; shortages: unknown[] }
    // Clients branch on the code; the document lists it for this operation's 409 (checked below).
    expect(refusal.code).toBe('out_of_stock')
    expect(refusal.shortages).toHaveLength(1)
    const placed = await order(1, 'ok-1')
    expect(placed.status).toBe(201)
    orderId = ((await placed.json()) as { order: { _id: string } }).order._id
  })

  it('reads, lists and pays through the documented routes', async () => {
    expect((await call(`/order/orderById?orderId=${orderId}`, { token: shop.customer })).status).toBe(200)
    expect((await call('/order/orderById', { token: shop.customer })).status).toBe(400)
    expect((await call('/order/cancel', { method: 'POST', token: shop.customer })).status).toBe(400)
    expect((await call('/order/user-order', { token: shop.customer })).status).toBe(200)
    expect((await call('/order?page=1&limit=5', { token: shop.admin })).status).toBe(200)
    const page = await call(`/order/payment/${orderId}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    const webhook = await call('/order/payment/webhook', {
      method: 'POST',
      json: { id: 'evt_1', orderId, outcome: 'paid', amount: 3200 },
      headers: { 'x-payment-signature': 'not-the-signature' },
    })
    expect(webhook.status).toBe(401)
  })

  it('answers the tax invoice as a 409 before shipping and as a PDF after', async () => {
    const early = await call(`/order/invoice?orderId=${orderId}`, { token: shop.customer })
    expect(early.status).toBe(409)
    await early.arrayBuffer()
    const shipped = await call(`/order?orderId=${orderId}`, {
      method: 'PUT',
      token: shop.admin,
      json: { status: 'shipped' },
    })
    expect(shipped.status).toBe(200)
    await shipped.arrayBuffer()
    const pdf = await call(`/order/invoice?orderId=${orderId}`, { token: shop.customer })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')
  })

  it('covers reviews, messages, the cart and the gateway’s 413', async () => {
    expect(
      (
        await call('/review', {
          method: 'POST',
          token: shop.customer,
          json: { productId, rating: 5, comment: 'Works' },
        })
      ).status,
    ).toBe(201)
    expect((await call(`/review?productId=${productId}`)).status).toBe(200)
    expect((await call(`/review/overview?productId=${productId}`)).status).toBe(200)
    expect(
      (
        await call('/message', {
          method: 'POST',
          json: { phoneNumber: '9876543210', message: 'Is Dolo in stock?' },
        })
      ).status,
    ).toBe(201)
    expect((await call('/message', { token: shop.admin })).status).toBe(200)
    expect(
      (await call('/cart', { method: 'POST', token: shop.customer, json: { productId, quantity: 1 } }))
        .status,
    ).toBeOneOf([200, 201, 409])
    expect((await call('/cart', { token: shop.customer })).status).toBe(200)
    expect((await call('/product/categoryProduct?category=Pain%20relief')).status).toBe(200)
    expect((await call('/shop')).status).toBe(200)
    const big = await call('/message', {
      method: 'POST',
      json: { phoneNumber: '9876543210', message: 'x'.repeat(1_100_000) },
    })
    expect(big.status).toBe(413)
  })

  it('answered only as the OpenAPI document says', () => {
    expect(shop.exchanges.length).toBeGreaterThan(20)
    expect(shop.exchanges.map(conformanceProblem).filter(Boolean)).toEqual([])
  })

  it('would catch an error body without its code, or with a code the operation does not list', () => {
    const refusal = (body: object) => ({
      method: 'POST',
      url: '/order',
      status: 409,
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(body)),
    })
    expect(conformanceProblem(refusal({ message: 'Only 1 left', code: 'out_of_stock' }))).toBeUndefined()
    expect(conformanceProblem(refusal({ message: 'Only 1 left' }))).toMatch(/code/)
    expect(conformanceProblem(refusal({ message: 'Only 1 left', code: 'not_found' }))).toMatch(
      /allowed values|enum/,
    )
  })

  it('never answered with a password hash, a stack trace or SQL', () => {
    const leaks = shop.exchanges
      .filter((e) => /json|text|html/.test(e.contentType))
      .map((e) => [`${e.method} ${e.url} → ${e.status}`, leakIn(e.body.toString('utf8'))])
      .filter(([, leak]) => leak)
    expect(leaks).toEqual([])
  })

  it('logged no password, hash, token, private key or phone number, in any service', () => {
    // Every service wrote (access lines at least), so the search below read something from each.
    const writers = new Set(shop.logs.map((line) => (JSON.parse(line) as { name: string }).name))
    expect([...writers].sort()).toEqual(SERVICES.map((service) => service.name).sort())
    const found = shop.logs.flatMap((line) =>
      SECRETS.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${what} in ${line.slice(0, 300)}`),
    )
    expect(found).toEqual([])
  })
})
