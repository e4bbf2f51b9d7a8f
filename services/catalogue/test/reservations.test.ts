import { MAX_LINE_QUANTITY } from '@medstore/contracts/cart'
import { INTERNAL_TOKEN_HEADER, RESERVATIONS_PATH, releasePath } from '@medstore/contracts/stock'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { internalHeaders, startCatalogue } from './helpers'

let ctx: Awaited<ReturnType<typeof startCatalogue>>
let counter = 0

beforeAll(async () => {
  ctx = await startCatalogue()
  await ctx.api('/category', { method: 'POST', token: ctx.issuer.admin(), json: { name: 'Pain & Fever' } })
})
afterAll(() => ctx?.close())

async function product(stock: number, name = `Product ${++counter}`): Promise<string> {
  const res = await ctx.api('/product', {
    method: 'POST',
    token: ctx.issuer.admin(),
    json: { name, category: 'Pain & Fever', price: 20, description: 'x', stock },
  })
  expect(res.status).toBe(201)
  return res.body._id
}
const internal = internalHeaders
const reserve = (orderId: string, items: { productId: string; quantity: number }[]) =>
  ctx.api(RESERVATIONS_PATH, { method: 'POST', json: { orderId, items }, headers: internal })
const release = (orderId: string) => ctx.api(releasePath(orderId), { method: 'POST', headers: internal })
const stockOf = async (id: string) =>
  (await ctx.api(`/product/productById?productId=${id}`)).body.stock as number

describe('reserving stock', () => {
  it('takes the units of every line and answers the reservation', async () => {
    const a = await product(10)
    const b = await product(5)
    const res = await reserve('order-1', [
      { productId: a, quantity: 3 },
      { productId: b, quantity: 5 },
    ])
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('reserved')
    expect(res.body.orderId).toBe('order-1')
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        { productId: a, quantity: 3 },
        { productId: b, quantity: 5 },
      ]),
    )
    expect(await stockOf(a)).toBe(7)
    expect(await stockOf(b)).toBe(0)
  })

  it('publishes product.stock_changed with the new stock', async () => {
    const a = await product(9)
    await reserve('order-event', [{ productId: a, quantity: 4 }])
    await ctx.events.until((events) =>
      events.some(
        (e) =>
          e.type === 'product.stock_changed' &&
          (e.data as { productId: string; stock: number }).productId === a &&
          (e.data as { stock: number }).stock === 5,
      ),
    )
  })

  it('is all-or-nothing: one short line takes nothing and answers 409 with the shortages', async () => {
    const plenty = await product(50)
    const few = await product(2, 'Scarce Syrup')
    const res = await reserve('order-short', [
      { productId: plenty, quantity: 10 },
      { productId: few, quantity: 3 },
    ])
    expect(res.status).toBe(409)
    expect(res.body.shortages).toEqual([{ productId: few, name: 'Scarce Syrup', requested: 3, available: 2 }])
    expect(res.body.message).toBe('Only 2 of Scarce Syrup left (you asked for 3)')
    expect(res.body.code).toBe('out_of_stock')
    expect(await stockOf(plenty)).toBe(50)
    expect(await stockOf(few)).toBe(2)
    // Refused means not recorded: the order may try again once stock is back.
    expect(await ctx.service.db.reservation.count({ where: { orderId: 'order-short' } })).toBe(0)
  })

  it('adds up repeated lines of the same product', async () => {
    const a = await product(5)
    const res = await reserve('order-dup', [
      { productId: a, quantity: 3 },
      { productId: a, quantity: 3 },
    ])
    expect(res.status).toBe(409)
    expect(res.body.shortages[0]).toMatchObject({ requested: 6, available: 5 })
    expect(await stockOf(a)).toBe(5)
  })

  it('answers an unknown product with 404 and takes nothing', async () => {
    const a = await product(5)
    const unknown = await reserve('order-unknown', [
      { productId: a, quantity: 1 },
      { productId: '6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', quantity: 1 },
    ])
    expect(unknown.status).toBe(404)
    expect((await reserve('order-junk', [{ productId: 'not-an-id', quantity: 1 }])).status).toBe(404)
    expect(await stockOf(a)).toBe(5)
  })

  it('refuses a malformed request with 400', async () => {
    expect((await reserve('order-empty', [])).status).toBe(400)
    const a = await product(5)
    expect((await reserve('order-zero', [{ productId: a, quantity: 0 }])).status).toBe(400)
  })

  it('is idempotent by orderId: a repeated call takes nothing more', async () => {
    const a = await product(10)
    const first = await reserve('order-again', [{ productId: a, quantity: 4 }])
    const second = await reserve('order-again', [{ productId: a, quantity: 4 }])
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(await stockOf(a)).toBe(6)
  })

  it('takes the units once when the same order is reserved by several calls at the same moment', async () => {
    const a = await product(10)
    const results = await Promise.all(
      Array.from({ length: 8 }, () => reserve('order-at-once', [{ productId: a, quantity: 3 }])),
    )
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200))
    for (const r of results) expect(r.body).toEqual(results[0]!.body)
    expect(await stockOf(a)).toBe(7)
  })

  it('never oversells: of 20 concurrent orders for the last 5 units, exactly 5 succeed', async () => {
    const last = await product(5, 'Last Units')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserve(`race-${i}`, [{ productId: last, quantity: 1 }])),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(statuses.filter((s) => s === 409)).toHaveLength(15)
    expect(await stockOf(last)).toBe(0)
  })

  it('never oversells or deadlocks when concurrent orders hold the same products in different orders', async () => {
    const a = await product(12)
    const b = await product(12)
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        reserve(
          `cross-${i}`,
          i % 2
            ? [
                { productId: a, quantity: 2 },
                { productId: b, quantity: 1 },
              ]
            : [
                { productId: b, quantity: 2 },
                { productId: a, quantity: 1 },
              ],
        ),
      ),
    )
    const ok = results.filter((r) => r.status === 200).length
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true)
    // Every order takes 3 units of 24 in all: at most 8 fit, and no product goes below zero.
    const [sa, sb] = [await stockOf(a), await stockOf(b)]
    expect(sa).toBeGreaterThanOrEqual(0)
    expect(sb).toBeGreaterThanOrEqual(0)
    expect(24 - sa - sb).toBe(ok * 3)
  })

  it('refuses a call without the internal secret, or with a wrong one, taking nothing', async () => {
    const a = await product(5)
    const json = { orderId: 'no-secret', items: [{ productId: a, quantity: 5 }] }
    const wrong: Record<string, string> = { [INTERNAL_TOKEN_HEADER]: 'x'.repeat(64) }
    for (const headers of [{}, wrong]) {
      const res = await ctx.api(RESERVATIONS_PATH, { method: 'POST', json, headers })
      expect(res.status).toBe(401)
      expect(res.body.message).toBe('Internal API: a valid x-internal-token is required')
    }
    const released = await ctx.api(releasePath('order-1'), { method: 'POST' })
    expect(released.status).toBe(401)
    expect(await stockOf(a)).toBe(5)
  })

  it('refuses a line above the most an order line may hold, taking nothing', async () => {
    const a = await product(1000)
    const res = await reserve('order-huge', [{ productId: a, quantity: MAX_LINE_QUANTITY + 1 }])
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(`Quantity can be at most ${MAX_LINE_QUANTITY} per product`)
    expect(await stockOf(a)).toBe(1000)
  })
})

describe('a catalogue started without a configured internal secret (development, tests)', () => {
  it('still refuses the internal API to a caller without the secret', async () => {
    const open = await startCatalogue({ env: { INTERNAL_TOKEN: '' } })
    try {
      await open.api('/category', { method: 'POST', token: open.issuer.admin(), json: { name: 'Cold' } })
      const made = await open.api('/product', {
        method: 'POST',
        token: open.issuer.admin(),
        json: { name: 'Cough Syrup', category: 'Cold', price: 20, description: 'x', stock: 4 },
      })
      const res = await open.api(RESERVATIONS_PATH, {
        method: 'POST',
        json: { orderId: 'attacker', items: [{ productId: made.body._id, quantity: 4 }] },
      })
      expect(res.status).toBe(401)
      expect((await open.api(`/product/productById?productId=${made.body._id}`)).body.stock).toBe(4)
    } finally {
      await open.close()
    }
  })
})

describe('releasing a reservation', () => {
  it('gives the units back once, however often it is called', async () => {
    const a = await product(8)
    await reserve('order-cancel', [{ productId: a, quantity: 6 }])
    expect(await stockOf(a)).toBe(2)
    const res = await release('order-cancel')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      orderId: 'order-cancel',
      status: 'released',
      items: [{ productId: a, quantity: 6 }],
    })
    expect(await stockOf(a)).toBe(8)
    const twice = await Promise.all([release('order-cancel'), release('order-cancel')])
    expect(twice.map((r) => r.status)).toEqual([200, 200])
    expect(await stockOf(a)).toBe(8)
    // No order confirmed it, so a retry of the placement must hold the units again, not find them held.
    expect((await reserve('order-cancel', [{ productId: a, quantity: 6 }])).body.status).toBe('reserved')
    expect(await stockOf(a)).toBe(2)
  })

  it('releases concurrently only once', async () => {
    const a = await product(4)
    await reserve('order-cancel-race', [{ productId: a, quantity: 4 }])
    await Promise.all(Array.from({ length: 6 }, () => release('order-cancel-race')))
    expect(await stockOf(a)).toBe(4)
  })

  it('answers an unknown order with 404', async () => {
    expect((await release('no-such-order')).status).toBe(404)
  })

  it('skips a product deleted since the reservation', async () => {
    const a = await product(5)
    const b = await product(5)
    await reserve('order-deleted', [
      { productId: a, quantity: 1 },
      { productId: b, quantity: 2 },
    ])
    await ctx.api(`/product?productId=${a}`, { method: 'DELETE', token: ctx.issuer.admin() })
    expect((await release('order-deleted')).status).toBe(200)
    expect(await stockOf(b)).toBe(5)
  })
})
