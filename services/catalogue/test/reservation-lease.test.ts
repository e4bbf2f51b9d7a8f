import { randomUUID } from 'node:crypto'
import { RESERVATIONS_PATH, releasePath } from '@medstore/contracts/stock'
import { createLogger, type RawSql, sqlTransaction, startService } from '@medstore/service-kit'
import { testInfra, testPublisher, until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueService } from '../src/service'
import { reservationUseCases } from '../src/use-cases/reservations'
import { stockAnnouncements } from '../src/use-cases/stock-announcements'
import { apiClient, internalHeaders, PUBLIC_API_URL, startCatalogue } from './helpers'

// A reservation is a lease: held until order.created confirms it, given back by the sweeper otherwise.
// Short lease and sweep here; every wait below is on an observed state, never on the clock.
const LEASE = { RESERVATION_LEASE_MS: '1500', RESERVATION_SWEEP_MS: '100' }

let ctx: Awaited<ReturnType<typeof startCatalogue>>
let orders: Awaited<ReturnType<typeof testPublisher>>
let counter = 0

beforeAll(async () => {
  ctx = await startCatalogue({ env: LEASE })
  orders = await testPublisher(ctx.service)
  await ctx.api('/category', { method: 'POST', token: ctx.issuer.admin(), json: { name: 'Pain & Fever' } })
})
afterAll(async () => {
  await orders?.close()
  await ctx?.close()
})

async function product(stock: number, catalogue = ctx): Promise<string> {
  const res = await catalogue.api('/product', {
    method: 'POST',
    token: catalogue.issuer.admin(),
    json: { name: `Leased ${++counter}`, category: 'Pain & Fever', price: 20, description: 'x', stock },
  })
  expect(res.status).toBe(201)
  return res.body._id
}
const reserve = (orderId: string, productId: string, quantity: number, api = ctx.api) =>
  api(RESERVATIONS_PATH, {
    method: 'POST',
    headers: internalHeaders,
    json: { orderId, items: [{ productId, quantity }] },
  })
const stockOf = async (id: string, api = ctx.api) =>
  (await api(`/product/productById?productId=${id}`)).body.stock as number
const row = (orderId: string) => ctx.service.db.reservation.findUniqueOrThrow({ where: { orderId } })
const orderCreated = (orderId: string) =>
  orders.publish('order.created', { orderId, userId: randomUUID(), number: 'MS-1', status: 'pending' })
const untilExpired = (orderId: string) => until(async () => (await row(orderId)).expiredAt)
const untilConfirmed = (orderId: string) => until(async () => (await row(orderId)).confirmedAt)
/** The stock figures product.stock_changed announced for a product, in order. */
const announcedStock = (productId: string) =>
  ctx.events
    .ofType('product.stock_changed')
    .map((e) => e.data as { productId: string; stock: number })
    .filter((d) => d.productId === productId)
    .map((d) => d.stock)

describe('reservation leases', () => {
  it('gives back the stock of a reservation no order confirmed within the lease, and announces it', async () => {
    const id = await product(10)
    const orderId = randomUUID()
    expect((await reserve(orderId, id, 4)).status).toBe(200)
    await untilExpired(orderId)
    expect(await stockOf(id)).toBe(10)
    expect((await row(orderId)).status).toBe('released')
    await ctx.events.until(() => announcedStock(id).join() === '10,6,10')
  })

  it('keeps a reservation confirmed by order.created past its lease', async () => {
    const id = await product(10)
    const kept = randomUUID()
    await reserve(kept, id, 3)
    await orderCreated(kept)
    await untilConfirmed(kept)
    // A reservation made later expiring proves a sweep ran after the confirmed one's lease was over.
    const later = randomUUID()
    await reserve(later, id, 2)
    await untilExpired(later)
    const confirmed = await row(kept)
    expect(confirmed.status).toBe('reserved')
    expect(confirmed.expiredAt).toBeNull()
    expect(await stockOf(id)).toBe(7)
    // Cancelling the order still gives its units back, once; a late reserve for it takes nothing.
    expect((await ctx.api(releasePath(kept), { method: 'POST', headers: internalHeaders })).body.status).toBe(
      'released',
    )
    expect(await stockOf(id)).toBe(10)
    expect((await reserve(kept, id, 3)).body.status).toBe('released')
    expect(await stockOf(id)).toBe(10)
  })

  it('takes the stock again when order.created comes after the lease expired', async () => {
    const id = await product(10)
    const orderId = randomUUID()
    await reserve(orderId, id, 3)
    await untilExpired(orderId)
    // The expiry is announced before order.created arrives: the announcer would otherwise fold the two
    // changes into one announcement of the stock as it is then (7).
    await ctx.events.until(() => announcedStock(id).join() === '10,7,10')
    await orderCreated(orderId)
    await untilConfirmed(orderId)
    const retaken = await row(orderId)
    expect(retaken.status).toBe('reserved')
    expect(retaken.expiredAt).toBeNull()
    expect(retaken.shortfall).toBeNull()
    expect(await stockOf(id)).toBe(7)
    await ctx.events.until(() => announcedStock(id).join() === '10,7,10,7')
  })

  it('records the shortfall when order.created comes after the lease and the stock is gone', async () => {
    const id = await product(3)
    const late = randomUUID()
    await reserve(late, id, 3)
    await untilExpired(late)
    const other = randomUUID()
    expect((await reserve(other, id, 2)).status).toBe(200)
    await orderCreated(other)
    await untilConfirmed(other)
    await orderCreated(late)
    await untilConfirmed(late)
    const short = await row(late)
    expect(short.status).toBe('released')
    expect(short.shortfall).toEqual([{ productId: id, name: expect.any(String), requested: 3, available: 1 }])
    expect(await stockOf(id)).toBe(1)
    // Cancelling that order gives nothing back: it never held the units.
    await ctx.api(releasePath(late), { method: 'POST', headers: internalHeaders })
    expect(await stockOf(id)).toBe(1)
  })

  it('does not count an order that is cancelled before order.created reached the catalogue', async () => {
    const id = await product(5)
    const orderId = randomUUID()
    await reserve(orderId, id, 2)
    await ctx.api(releasePath(orderId), { method: 'POST', headers: internalHeaders })
    await orderCreated(orderId)
    await untilConfirmed(orderId)
    expect((await row(orderId)).status).toBe('released')
    expect(await stockOf(id)).toBe(5)
  })

  it('holds the stock again when the order service retries an order id whose reservation expired', async () => {
    const id = await product(5)
    const orderId = randomUUID()
    await reserve(orderId, id, 2)
    await untilExpired(orderId)
    await ctx.events.until(() => announcedStock(id).join() === '5,3,5')
    const retry = await reserve(orderId, id, 2)
    expect(retry.status).toBe(200)
    expect(retry.body.status).toBe('reserved')
    // Created (5), taken (3), expired (5), taken again (3): a released reservation did not pass for a held one.
    await ctx.events.until(() => announcedStock(id).join().startsWith('5,3,5,3'))
  })

  it('refuses a retry after expiry when the stock has gone meanwhile, and keeps it released', async () => {
    const id = await product(2)
    const orderId = randomUUID()
    await reserve(orderId, id, 2)
    await untilExpired(orderId)
    const other = randomUUID()
    await reserve(other, id, 2)
    await orderCreated(other)
    await untilConfirmed(other)
    const retry = await reserve(orderId, id, 2)
    expect(retry.status).toBe(409)
    expect((await row(orderId)).status).toBe('released')
    expect(await stockOf(id)).toBe(0)
  })
})

describe('a batch of order.created', () => {
  it('confirms every held reservation with one statement, and the others as one at a time would', async () => {
    const id = await product(10)
    const expired = randomUUID()
    await reserve(expired, id, 2)
    await untilExpired(expired)
    // Reserved after that wait, so the lease still holds them.
    const held = [randomUUID(), randomUUID(), randomUUID()]
    for (const orderId of held) expect((await reserve(orderId, id, 1)).status).toBe(200)
    const unknown = randomUUID()
    const { confirmOrders } = reservationUseCases(ctx.service.pool, createLogger('test', 'silent'))
    const statements: string[] = []
    await sqlTransaction(ctx.service.pool, (tx) => {
      const counted: RawSql = {
        $queryRawUnsafe: (query, ...values) => {
          statements.push(query)
          return tx.$queryRawUnsafe(query, ...values)
        },
        $executeRawUnsafe: (query, ...values) => {
          statements.push(query)
          return tx.$executeRawUnsafe(query, ...values)
        },
      }
      return confirmOrders(counted, [...held, expired, unknown])
    })
    for (const orderId of held) expect((await row(orderId)).confirmedAt).not.toBeNull()
    const retaken = await row(expired)
    expect(retaken.status).toBe('reserved')
    expect(retaken.confirmedAt).not.toBeNull()
    expect(await stockOf(id)).toBe(5)
    // One statement for the three held ones; the expired one is read, taken again (its product marked for
    // the stock announcer in the same statement), held and confirmed; the unknown one is looked up and left
    // alone.
    expect(statements.filter((q) => q.includes('ANY($1::text[])'))).toHaveLength(1)
    expect(statements).toHaveLength(1 + 4 + 1)
  })
})

describe('stock announcements', () => {
  it('announce a product once per run with its newest stock, however many reservations took from it', async () => {
    // This catalogue announces once at start and then only when asked.
    const quiet = await startCatalogue({ env: { ...LEASE, STOCK_ANNOUNCE_MS: '600000' } })
    try {
      await quiet.api('/category', {
        method: 'POST',
        token: quiet.issuer.admin(),
        json: { name: 'Pain & Fever' },
      })
      const id = await product(20, quiet)
      const announced = () =>
        quiet.events
          .ofType('product.stock_changed')
          .map((e) => e.data as { productId: string; stock: number })
          .filter((d) => d.productId === id)
          .map((d) => d.stock)
      await quiet.events.until(() => announced().length === 1)
      for (const quantity of [1, 2, 3])
        expect((await reserve(randomUUID(), id, quantity, quiet.api)).status).toBe(200)
      const { announceStock } = stockAnnouncements(quiet.service.pool)
      expect(await announceStock()).toBe(1)
      await quiet.events.until(() => announced().length === 2)
      expect(announced()).toEqual([20, 14])
      // Nothing changed since: nothing to announce.
      expect(await announceStock()).toBe(0)
    } finally {
      await quiet.close()
    }
  })
})

describe('a restarted catalogue', () => {
  it('gives back what a reservation held when the previous process stopped', async () => {
    // The first process never sweeps after start; the second one, on the same database, does.
    const first = await startCatalogue({ env: { ...LEASE, RESERVATION_SWEEP_MS: '600000' } })
    try {
      await first.api('/category', {
        method: 'POST',
        token: first.issuer.admin(),
        json: { name: 'Pain & Fever' },
      })
      const id = await product(8, first)
      const orderId = randomUUID()
      expect((await reserve(orderId, id, 5, first.api)).status).toBe(200)
      await first.service.stop()
      const second = await startService(catalogueService, {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '0',
        DATABASE_URL: first.service.database.url,
        DATABASE_POOL_SIZE: '3',
        AMQP_URL: testInfra().amqpUrl,
        BUS_NAMESPACE: first.service.config.BUS_NAMESPACE,
        JWKS_URL: first.issuer.jwksUrl,
        PUBLIC_API_URL,
        SEED_DEMO_CATALOGUE: 'false',
        ...LEASE,
      })
      try {
        await until(async () => (await stockOf(id, apiClient(second.url))) === 8)
        const expired = await second.db.reservation.findUniqueOrThrow({ where: { orderId } })
        expect(expired.status).toBe('released')
        expect(expired.expiredAt).not.toBeNull()
      } finally {
        await second.stop()
      }
    } finally {
      await first.close()
    }
  })
})
