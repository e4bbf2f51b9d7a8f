import { eventSchemas } from '@medstore/contracts/events'
import { until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shipping, startWorld, type World } from './helpers'

let w: World
let asha: string
let ravi: string
let admin: string

beforeAll(async () => {
  w = await startWorld()
  asha = w.issuer.customer()
  ravi = w.issuer.tokenFor({ id: 'user-2', name: 'Ravi Kumar' })
  admin = w.admin
})
afterAll(async () => w?.close())

type Line = { productId: string; quantity: number }

async function placeOrder(token: string, items: Line[], shippingChanges = {}) {
  const res = await w.api('POST', '/order', {
    token,
    json: { items, shippingInfo: shipping(shippingChanges), paymentType: 'cash' },
  })
  if (res.status !== 201) throw new Error(`order not placed: ${res.status} ${res.text}`)
  return res.body.order
}

const setStatus = (orderId: string, status: unknown, token = admin) =>
  w.api('PUT', `/order?orderId=${orderId}`, { token, json: { status } })
const setItemStatus = (orderId: string, itemId: string, status: unknown, token = admin) =>
  w.api('PUT', `/order/item?orderId=${orderId}&itemId=${itemId}`, { token, json: { status } })

const eventsFor = (type: string, orderId: string) =>
  w.events.ofType(type).filter((e) => (e.data as { orderId: string }).orderId === orderId)

describe('reading orders', () => {
  let ashaOrders: { _id: string }[]
  let raviOrder: { _id: string }

  beforeAll(async () => {
    const p = await w.product({ price: 250 })
    ashaOrders = [
      await placeOrder(asha, [{ productId: p, quantity: 1 }]),
      await placeOrder(asha, [{ productId: p, quantity: 2 }]),
    ]
    raviOrder = await placeOrder(ravi, [{ productId: p, quantity: 3 }], { customerName: 'Ravi Kumar' })
  })

  it('gives a customer their own orders only, newest first', async () => {
    const res = await w.api('GET', '/order/user-order', { token: asha })
    expect(res.status).toBe(200)
    const ids = res.body.orders.map((o: { _id: string }) => o._id)
    expect(ids.slice(0, 2)).toEqual([ashaOrders[1]!._id, ashaOrders[0]!._id])
    expect(ids).not.toContain(raviOrder._id)
    expect(res.body.orders.every((o: { userId: string }) => o.userId === 'user-1')).toBe(true)
    expect((await w.api('GET', '/order/user-order')).status).toBe(401)
  })

  it('lets an administrator list every order, and refuses a customer with 403', async () => {
    const all = await w.api('GET', '/order', { token: admin })
    expect(all.status).toBe(200)
    const ids = all.body.orders.map((o: { _id: string }) => o._id)
    expect(ids).toEqual(expect.arrayContaining([raviOrder._id, ...ashaOrders.map((o) => o._id)]))
    const forbidden = await w.api('GET', '/order', { token: asha })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toEqual({ message: 'Only administrators can do this', code: 'forbidden' })
  })

  it('filters by name, day, price text and status, and pages', async () => {
    const byName = await w.api('GET', '/order?name=ravi', { token: admin })
    expect(byName.body.orders.map((o: { _id: string }) => o._id)).toEqual([raviOrder._id])
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)
    const byDay = await w.api('GET', `/order?date=${today}`, { token: admin })
    expect(byDay.body.orders.length).toBeGreaterThanOrEqual(3)
    expect((await w.api('GET', '/order?date=2001-01-01', { token: admin })).body.orders).toEqual([])
    const byPrice = await w.api('GET', '/order?price=750', { token: admin })
    expect(byPrice.body.orders.map((o: { _id: string }) => o._id)).toEqual([raviOrder._id])
    // Typed as the table shows the total (₹750.00): read as the total.
    for (const shown of ['750.00', '₹750.00', '₹ 750'])
      expect(
        (await w.api('GET', `/order?price=${encodeURIComponent(shown)}`, { token: admin })).body.orders.map(
          (o: { _id: string }) => o._id,
        ),
      ).toEqual([raviOrder._id])
    const byStatus = await w.api('GET', '/order?status=delivered', { token: admin })
    expect(byStatus.body.orders).toEqual([])
    const allStatus = await w.api('GET', '/order?status=All%20Status&page=1&limit=2', { token: admin })
    expect(allStatus.body.orders).toHaveLength(2)
    expect(allStatus.body).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) })
    expect(allStatus.body.total).toBeGreaterThanOrEqual(3)
    const bad = await w.api('GET', '/order?status=lost', { token: admin })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('status must be one of pending, processing, shipped, delivered, cancelled')
  })

  it('shows one order to its owner and an administrator, and not to another customer', async () => {
    const id = ashaOrders[0]!._id
    expect((await w.api('GET', `/order/orderById?orderId=${id}`, { token: asha })).status).toBe(200)
    expect((await w.api('GET', `/order/orderById?orderId=${id}`, { token: admin })).status).toBe(200)
    const other = await w.api('GET', `/order/orderById?orderId=${id}`, { token: ravi })
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ message: 'Order not found', code: 'not_found' })
  })
})

describe('changing status (administrators)', () => {
  it('refuses customers with 403 and a customer cannot change another customer’s order', async () => {
    const p = await w.product()
    const order = await placeOrder(asha, [{ productId: p, quantity: 1 }])
    expect((await setStatus(order._id, 'shipped', ravi)).status).toBe(403)
    expect((await setStatus(order._id, 'shipped', asha)).status).toBe(403)
    expect((await setItemStatus(order._id, order.items[0]._id, 'shipped', ravi)).status).toBe(403)
    expect((await w.api('POST', `/order/cancel?orderId=${order._id}`, { token: ravi })).status).toBe(404)
    expect(
      (await w.api('GET', `/order/orderById?orderId=${order._id}`, { token: asha })).body.order.status,
    ).toBe('pending')
  })

  it('refuses an unknown status with 400 and an unknown order with 404', async () => {
    const p = await w.product()
    const order = await placeOrder(asha, [{ productId: p, quantity: 1 }])
    const bad = await setStatus(order._id, 'confirmed')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Status must be one of pending, processing, shipped, delivered, cancelled')
    expect((await setStatus('no-such-order', 'shipped')).status).toBe(404)
    expect((await setItemStatus(order._id, 'no-such-item', 'shipped')).status).toBe(404)
    expect((await w.api('PUT', '/order', { token: admin, json: { status: 'shipped' } })).status).toBe(400)
  })

  it('moves an order through its life, publishing each change, and counts cash as paid on delivery', async () => {
    const a = await w.product()
    const b = await w.product()
    const order = await placeOrder(asha, [
      { productId: a, quantity: 1 },
      { productId: b, quantity: 1 },
    ])
    for (const status of ['processing', 'shipped', 'delivered']) {
      const res = await setStatus(order._id, status)
      expect(res.status).toBe(200)
      expect(res.body.order.status).toBe(status)
      expect(res.body.order.items.map((i: { status: string }) => i.status)).toEqual([status, status])
    }
    const delivered = (await setStatus(order._id, 'delivered')).body.order
    expect(delivered.paymentStatus).toBe('paid')

    const changes = await until(async () => {
      const found = eventsFor('order.status_changed', order._id)
      return found.length === 3 && found
    })
    expect(changes.map((e) => eventSchemas['order.status_changed'].strict().parse(e.data).status)).toEqual([
      'processing',
      'shipped',
      'delivered',
    ])
    expect(changes[0]!.data).toEqual({
      orderId: order._id,
      userId: 'user-1',
      number: order.number,
      status: 'processing',
    })
    const itemEvents = await until(async () => {
      const found = eventsFor('order.item_status_changed', order._id)
      return found.length === 6 && found
    })
    expect(eventSchemas['order.item_status_changed'].strict().parse(itemEvents[0]!.data)).toEqual({
      orderId: order._id,
      userId: 'user-1',
      number: order.number,
      itemId: order.items[0]._id,
      productId: a,
      status: 'processing',
    })
  })

  it('refuses an invalid transition with 409 and a message', async () => {
    const p = await w.product()
    const order = await placeOrder(asha, [{ productId: p, quantity: 1 }])
    await setStatus(order._id, 'delivered')
    const back = await setStatus(order._id, 'pending')
    expect(back.status).toBe(409)
    expect(back.body).toEqual({
      message: 'This order has been delivered; its status can no longer change',
      code: 'conflict',
    })

    const other = await placeOrder(asha, [{ productId: p, quantity: 1 }])
    await setStatus(other._id, 'shipped')
    const cancel = await setStatus(other._id, 'cancelled')
    expect(cancel.status).toBe(409)
    expect(cancel.body.message).toBe('This order has already been shipped and can no longer be cancelled')
  })

  it('cancelling an order cancels its items and gives the stock back', async () => {
    const a = await w.product({ stock: 10 })
    const b = await w.product({ stock: 10 })
    const order = await placeOrder(asha, [
      { productId: a, quantity: 3 },
      { productId: b, quantity: 2 },
    ])
    expect(await w.stockOf(a)).toBe(7)
    const res = await setStatus(order._id, 'cancelled')
    expect(res.status).toBe(200)
    expect(res.body.order.items.map((i: { status: string }) => i.status)).toEqual(['cancelled', 'cancelled'])
    await until(async () => (await w.stockOf(a)) === 10 && (await w.stockOf(b)) === 10)
    expect((await setStatus(order._id, 'pending')).status).toBe(409)
  })

  it('keeps the order in step with its items: delivered when every item is, cancelled when every item is', async () => {
    const a = await w.product()
    const b = await w.product()
    const order = await placeOrder(asha, [
      { productId: a, quantity: 1 },
      { productId: b, quantity: 1 },
    ])
    const [first, second] = order.items
    const one = await setItemStatus(order._id, first._id, 'delivered')
    expect(one.status).toBe(200)
    expect(one.body.order.status).toBe('pending')
    const both = await setItemStatus(order._id, second._id, 'delivered')
    expect(both.body.order.status).toBe('delivered')
    expect((await setItemStatus(order._id, second._id, 'pending')).status).toBe(409)

    const c = await w.product({ stock: 5 })
    const other = await placeOrder(asha, [{ productId: c, quantity: 2 }])
    const cancelled = await setItemStatus(other._id, other.items[0]._id, 'cancelled')
    expect(cancelled.body.order.status).toBe('cancelled')
    await until(async () => (await w.stockOf(c)) === 5)
  })
})

describe('customer cancellation (within 24 hours, before dispatch)', () => {
  it('lets a customer cancel their own pending order and gives the stock back', async () => {
    const p = await w.product({ stock: 4 })
    const order = await placeOrder(asha, [{ productId: p, quantity: 4 }])
    const res = await w.api('POST', `/order/cancel?orderId=${order._id}`, { token: asha })
    expect(res.status).toBe(200)
    expect(res.body.order.status).toBe('cancelled')
    await until(async () => (await w.stockOf(p)) === 4)
    const again = await w.api('POST', `/order/cancel?orderId=${order._id}`, { token: asha })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This order is already cancelled')
  })

  it('refuses after 24 hours and after shipping, and hides other customers’ orders', async () => {
    const p = await w.product()
    const old = await placeOrder(asha, [{ productId: p, quantity: 1 }])
    await w.order.db.order.update({
      where: { id: old._id },
      data: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    })
    const late = await w.api('POST', `/order/cancel?orderId=${old._id}`, { token: asha })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('Orders can be cancelled only within 24 hours of ordering')

    const shipped = await placeOrder(asha, [{ productId: p, quantity: 1 }])
    await setStatus(shipped._id, 'shipped')
    const res = await w.api('POST', `/order/cancel?orderId=${shipped._id}`, { token: asha })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('This order is already shipped and can no longer be cancelled')

    const fresh = await placeOrder(asha, [{ productId: p, quantity: 1 }])
    expect((await w.api('POST', `/order/cancel?orderId=${fresh._id}`, { token: ravi })).status).toBe(404)
    expect((await w.api('POST', `/order/cancel?orderId=${fresh._id}`)).status).toBe(401)
  })
})
