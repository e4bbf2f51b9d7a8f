import { until, useServiceUnderTest } from '@medstore/service-kit/testing'
import { describe, expect, it } from 'vitest'
import { messagingService } from '../src/service'

let seq = 0

const sut = useServiceUnderTest(messagingService, {
  NOTIFY_POLL_MS: '50',
})

function newCustomer() {
  const id = `user-${++seq}`
  return { id, token: sut.issuer.tokenFor({ id, name: 'Asha Rao' }) }
}

const newOrder = (userId: string) => ({
  orderId: `order-${++seq}`,
  userId,
  number: `MS-${String(seq).padStart(6, '0')}`,
})

/** The service has handled this event: its inbox row is there. */
async function handled(event: { id: string }) {
  await until(async () => {
    const { rowCount } = await sut.service.pool.query('SELECT 1 FROM eventbus.inbox WHERE event_id = $1', [
      event.id,
    ])
    return rowCount === 1
  })
}

async function notificationsOf(token: string | null, query = '') {
  const res = await fetch(`${sut.service.url}/message/notifications${query}`, {
    headers: token ? { authorization: `bearer ${token}` } : {},
  })
  return { status: res.status, body: await res.json(), total: res.headers.get('x-total-count') }
}

const texts = (body: { text: string }[]) => body.map((n) => n.text)

describe('order notifications', () => {
  it('turns each order event into a notification the customer reads, newest first', async () => {
    const customer = newCustomer()
    const order = newOrder(customer.id)
    await sut.bus.publish('product.upserted', {
      productId: 'p-triphala',
      name: 'Triphala Churna',
      category: 'Ayurveda',
      price: 120,
      image: '',
      schedule: 'OTC',
    })
    await handled(await sut.bus.publish('order.created', { ...order, status: 'pending' }))
    await handled(await sut.bus.publish('order.status_changed', { ...order, status: 'processing' }))
    await handled(
      await sut.bus.publish('order.item_status_changed', {
        ...order,
        itemId: 'i1',
        productId: 'p-triphala',
        status: 'shipped',
      }),
    )
    await handled(
      await sut.bus.publish('order.item_status_changed', {
        ...order,
        itemId: 'i2',
        productId: 'p-unknown',
        status: 'cancelled',
      }),
    )
    await handled(await sut.bus.publish('order.status_changed', { ...order, status: 'shipped' }))

    const res = await notificationsOf(customer.token)
    expect(res.status).toBe(200)
    expect(texts(res.body)).toEqual([
      `Your order ${order.number} has been shipped`,
      `An item in your order ${order.number} has been cancelled`,
      `Triphala Churna in your order ${order.number} has been shipped`,
      `Your order ${order.number} is being prepared`,
      `Your order ${order.number} has been placed`,
    ])
    expect(res.body[2]).toEqual({
      _id: expect.any(String),
      text: `Triphala Churna in your order ${order.number} has been shipped`,
      kind: 'order.item_status_changed',
      orderId: order.orderId,
      orderNumber: order.number,
      status: 'shipped',
      productId: 'p-triphala',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(res.body[4].productId).toBeNull()
  })

  it('tells the customer about a refund: initiated, processed, or failed', async () => {
    const customer = newCustomer()
    const order = newOrder(customer.id)
    const refund = { ...order, refundId: `order_${order.orderId}`, itemId: null, amount: 1299.5 }
    await handled(await sut.bus.publish('order.refund_changed', { ...refund, status: 'pending' }))
    await handled(await sut.bus.publish('order.refund_changed', { ...refund, status: 'processed' }))
    await handled(
      await sut.bus.publish('order.refund_changed', {
        ...refund,
        refundId: 'item_x',
        amount: 50,
        status: 'failed',
      }),
    )
    const res = await notificationsOf(customer.token)
    expect(texts(res.body)).toEqual([
      `Refund of ₹50.00 for your order ${order.number} could not be processed; our team will contact you`,
      `Refund of ₹1,299.50 for your order ${order.number} has been processed`,
      `Refund of ₹1,299.50 for your order ${order.number} has been initiated`,
    ])
    expect(res.body[1]).toMatchObject({ kind: 'order.refund_changed', status: 'processed', productId: null })
  })

  it('makes one notification of an event delivered twice', async () => {
    const customer = newCustomer()
    const event = await sut.bus.publish('order.status_changed', {
      ...newOrder(customer.id),
      status: 'delivered',
    })
    await sut.bus.republish(event)
    await handled(event)
    // The copy was published before this later event, and the consumer takes them in order (it may
    // run them side by side); once the later one is handled, a moment more lets the copy finish too.
    await handled(await sut.bus.publish('order.created', { ...newOrder('someone-else'), status: 'pending' }))
    await new Promise((resolve) => setTimeout(resolve, 300))

    const res = await notificationsOf(customer.token)
    expect(texts(res.body)).toEqual([expect.stringMatching(/has been delivered$/)])
    expect(await sut.service.db.notification.count({ where: { userId: customer.id } })).toBe(1)
  })

  it('shows customers only their own notifications, and guests none', async () => {
    const asha = newCustomer()
    const ravi = newCustomer()
    await handled(await sut.bus.publish('order.created', { ...newOrder(asha.id), status: 'pending' }))
    await handled(await sut.bus.publish('order.created', { ...newOrder(ravi.id), status: 'pending' }))
    const mine = await notificationsOf(asha.token)
    expect(mine.body).toHaveLength(1)
    expect(mine.body[0].orderId).not.toBe((await notificationsOf(ravi.token)).body[0].orderId)
    expect((await notificationsOf(null)).status).toBe(401)
  })

  it('pages with page and limit', async () => {
    const customer = newCustomer()
    const order = newOrder(customer.id)
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      await handled(await sut.bus.publish('order.status_changed', { ...order, status }))
    }
    const page = await notificationsOf(customer.token, '?page=1&limit=2')
    expect(texts(page.body)).toEqual([
      `Your order ${order.number} has been delivered`,
      `Your order ${order.number} has been shipped`,
    ])
    expect(page.total).toBe('3')
  })

  it('delivers each notification through the default channel (the log) and records it', async () => {
    const customer = newCustomer()
    await handled(await sut.bus.publish('order.created', { ...newOrder(customer.id), status: 'pending' }))
    await until(
      async () =>
        (await sut.service.db.notification.findFirst({ where: { userId: customer.id } }))?.delivery ===
        'sent',
    )
    const stored = await sut.service.db.notification.findFirst({ where: { userId: customer.id } })
    expect(stored).toMatchObject({ channel: 'log', attempts: 1, lastError: null })
  })

  it('makes one notification of each order of a burst applied together, a repeated one included', async () => {
    const customers = Array.from({ length: 30 }, () => newCustomer())
    const events = await Promise.all(
      customers.map((c) => sut.bus.publish('order.created', { ...newOrder(c.id), status: 'pending' })),
    )
    await sut.bus.republish(events[0]!)
    for (const event of events) await handled(event)
    await handled(await sut.bus.publish('order.created', { ...newOrder('someone-else'), status: 'pending' }))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const ids = customers.map((c) => c.id)
    expect(await sut.service.db.notification.count({ where: { userId: { in: ids } } })).toBe(ids.length)
    const res = await notificationsOf(customers[0]!.token)
    expect(texts(res.body)).toEqual([expect.stringMatching(/^Your order MS-\d+ has been placed$/)])
  })
})
