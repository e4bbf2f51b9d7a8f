import amqp, { type Channel, type ChannelModel } from 'amqplib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EventEnvelope, envelope } from '../src/bus/envelope'
import { enqueueEvents, type RawExecutor } from '../src/bus/outbox'
import { assertEventsExchange } from '../src/bus/topology'
import { pgConfigFromUrl } from '../src/prisma/pg-url'
import { startTcpProxy, startTestService, type TestService, testInfra } from '../src/testing'
import { until as waitUntil } from './fixture/bus'
import { notesService } from './fixture/service'
import type { PrismaClient } from './fixture/src/generated/prisma/client'

// Issue 12 drills, in small: the service reaches PostgreSQL and RabbitMQ through proxies that can make
// either unreachable (connections cut, new ones refused) without touching the shared servers.

type Proxy = Awaited<ReturnType<typeof startTcpProxy>>
let notes: ReturnType<typeof notesService>
let service: TestService<PrismaClient, unknown>
let pgProxy: Proxy
let amqpProxy: Proxy
/** Straight to the database, not through the proxy: writes rows while the service cannot reach it. */
let direct: pg.Pool
let connection: ChannelModel
let channel: Channel

const proxyFor = (url: string, defaultPort: number) => {
  const u = new URL(url)
  return startTcpProxy({ host: u.hostname, port: Number(u.port || defaultPort) })
}
const through = (url: string, proxy: Proxy) => {
  const u = new URL(url)
  u.hostname = '127.0.0.1'
  u.port = String(proxy.port)
  return u.toString()
}

beforeAll(async () => {
  const { pgAdminUrl, amqpUrl } = testInfra()
  pgProxy = await proxyFor(pgAdminUrl, 5432)
  amqpProxy = await proxyFor(amqpUrl, 5672)
  notes = notesService()
  service = (await startTestService(notes.definition, (database) => ({
    DATABASE_URL: through(database.url, pgProxy),
    AMQP_URL: through(amqpUrl, amqpProxy),
  }))) as TestService<PrismaClient, unknown>
  direct = new pg.Pool({ ...pgConfigFromUrl(service.database.url), max: 2 })
  connection = await amqp.connect(amqpUrl)
  channel = await connection.createChannel()
  await assertEventsExchange(channel, service.bus)
})

afterAll(async () => {
  pgProxy?.comeBack()
  amqpProxy?.comeBack()
  await connection?.close()
  await direct?.end()
  await service?.close()
  await pgProxy?.close()
  await amqpProxy?.close()
})

const until = (condition: () => boolean | Promise<boolean>) => waitUntil(condition, 30_000, 50)

/** An exclusive queue (on a direct broker connection) recording every event of the type. */
async function listen(type: string) {
  const received: EventEnvelope[] = []
  const { queue } = await channel.assertQueue('', { exclusive: true })
  await channel.bindQueue(queue, service.bus.events, type)
  await channel.consume(queue, (msg) => msg && received.push(JSON.parse(msg.content.toString())), {
    noAck: true,
  })
  return received
}

/** Whether the service's consumer is subscribed: before that, an event published now has no queue. */
async function consuming(): Promise<boolean> {
  const probe = await connection.createChannel()
  probe.on('error', () => undefined) // checkQueue on a queue not declared yet closes the channel
  try {
    return (await probe.checkQueue(service.bus.queues(notes.name).main)).consumerCount > 0
  } catch {
    return false
  } finally {
    await probe.close().catch(() => undefined)
  }
}

const readiness = async () => (await fetch(`${service.url}/health/ready`)).status
const outboxSize = async () =>
  Number((await direct.query('SELECT count(*) FROM eventbus.outbox')).rows[0].count)
const allDelivered = (received: EventEnvelope[], events: EventEnvelope[]) => {
  const ids = new Set(received.map((e) => e.id))
  return events.every((e) => ids.has(e.id))
}
const eventsOf = (type: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => envelope(type, { i: from + i }))

/** Commits events to the outbox over the direct connection, as another replica of the service would. */
async function enqueueDirectly(events: EventEnvelope[]): Promise<void> {
  const tx: RawExecutor = {
    $executeRawUnsafe: (query, ...values) => direct.query(query, values).then((r) => r.rowCount ?? 0),
  }
  await enqueueEvents(tx, ...events)
}

describe('PostgreSQL unreachable, then back', () => {
  it('readiness goes false while the database is down and true again after, and a request succeeds', async () => {
    expect(await readiness()).toBe(200)
    pgProxy.goDown()
    await until(async () => (await readiness()) === 503)
    const whileDown = await fetch(`${service.url}/notes/count`)
    expect(whileDown.status).toBe(503)
    expect((await whileDown.json()).message).toEqual(expect.any(String))

    pgProxy.comeBack()
    await until(async () => (await readiness()) === 200)
    const after = await fetch(`${service.url}/notes/count`)
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual({ count: 0 })
  })

  it('the relay publishes rows written while PostgreSQL was unreachable, after it returns', async () => {
    const type = `${notes.name}.pg.outage`
    const received = await listen(type)
    // A backlog keeps the relay inside a batch (a connection checked out) when the database goes away.
    const before = eventsOf(type, 3_000)
    await enqueueDirectly(before)
    await until(() => received.length > 0)
    pgProxy.goDown()
    await until(async () => (await readiness()) === 503)
    const during = eventsOf(type, 100, before.length)
    await enqueueDirectly(during)

    pgProxy.comeBack()
    await until(() => allDelivered(received, [...before, ...during]))
    await until(async () => (await outboxSize()) === 0)
    // The relay works on after the outage: a later insert is published too.
    const after = eventsOf(type, 1, before.length + during.length)
    await enqueueDirectly(after)
    await until(() => allDelivered(received, after))
  })
})

describe('RabbitMQ unreachable, then back', () => {
  it('the relay publishes rows written while RabbitMQ was unreachable, after it returns; consumers resume', async () => {
    const type = `${notes.name}.broker.outage`
    const received = await listen(type)
    const before = eventsOf(type, 3_000)
    await service.db.$transaction((tx) => enqueueEvents(tx, ...before))
    await until(() => received.length > 0)
    amqpProxy.goDown()
    await until(async () => (await readiness()) === 503)
    const during = eventsOf(type, 100, before.length)
    await service.db.$transaction((tx) => enqueueEvents(tx, ...during))

    amqpProxy.comeBack()
    await until(() => allDelivered(received, [...before, ...during]))
    await until(async () => (await outboxSize()) === 0)
    await until(async () => (await readiness()) === 200)

    // The service's consumer subscribed again: an event published now is applied, once.
    const bump = envelope(`${notes.name}.counter.bump`, { id: 'after-broker-outage' })
    channel.publish(service.bus.events, bump.type, Buffer.from(JSON.stringify(bump)), { persistent: true })
    await until(
      async () => (await service.db.counter.findUnique({ where: { id: 'after-broker-outage' } })) !== null,
    )
    expect((await service.db.counter.findUnique({ where: { id: 'after-broker-outage' } }))?.value).toBe(1)
  })

  it('an event whose channel closed while it was handled is applied once, without bringing the service down', async () => {
    const publish = (event: EventEnvelope) =>
      channel.publish(service.bus.events, event.type, Buffer.from(JSON.stringify(event)), {
        persistent: true,
      })
    const cut = envelope(`${notes.name}.gated`, { id: 'cut-mid-event' })
    await until(consuming)
    publish(cut)
    await until(() => notes.gate.waiting === 1)
    amqpProxy.goDown()
    await until(() => !service.broker.isConnected)
    // The handler commits now, and its ack meets a closed channel.
    notes.gate.release()
    await until(
      async () => (await service.db.counter.findUnique({ where: { id: 'cut-mid-event' } })) !== null,
    )

    amqpProxy.comeBack()
    await until(async () => (await readiness()) === 200)
    const marker = envelope(`${notes.name}.counter.bump`, { id: 'after-cut' })
    publish(marker)
    await until(async () => (await service.db.counter.findUnique({ where: { id: 'after-cut' } })) !== null)
    expect((await service.db.counter.findUnique({ where: { id: 'cut-mid-event' } }))?.value).toBe(1)
    const { rows } = await direct.query('SELECT count(*) FROM eventbus.inbox WHERE event_id = $1', [cut.id])
    expect(Number(rows[0].count)).toBe(1)
  })
})
