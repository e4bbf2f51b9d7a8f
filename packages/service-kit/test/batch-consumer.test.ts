import type { Channel, ChannelModel } from 'amqplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replayDeadLetters } from '../src/bus/dead-letters'
import { type EventEnvelope, envelope } from '../src/bus/envelope'
import type { TestService } from '../src/testing'
import { startNotesOnTheBus, stopNotesOnTheBus, until } from './fixture/bus'
import type { notesService } from './fixture/service'
import type { PrismaClient } from './fixture/src/generated/prisma/client'

// The consumer in batch mode, on the fixture's batched type `<name>.tally` (a counter per id, one
// statement per batch): every guarantee of the one-at-a-time consumer, with many events to a transaction.

let notes: ReturnType<typeof notesService>
let service: TestService<PrismaClient, unknown>
let connection: ChannelModel
let channel: Channel

beforeAll(async () => {
  ;({ notes, service, connection, channel } = await startNotesOnTheBus())
})

afterAll(() => stopNotesOnTheBus({ service, connection }))

const tally = (id: string, extra: object = {}) => envelope(`${notes.name}.tally`, { id, ...extra })
const publish = (...events: EventEnvelope[]) => {
  for (const event of events)
    channel.publish(service.bus.events, event.type, Buffer.from(JSON.stringify(event)), { persistent: true })
}
const counters = async (prefix: string) =>
  service.db.counter.findMany({ where: { id: { startsWith: prefix } }, orderBy: { id: 'asc' } })
const inboxRows = async (events: EventEnvelope[]) => {
  const { rows } = await service.pool.query('SELECT count(*) FROM eventbus.inbox WHERE event_id = ANY($1)', [
    events.map((e) => e.id),
  ])
  return Number(rows[0].count)
}
/** No delivery is waiting in the main queue. */
const drained = async () => {
  const queue = service.bus.queues(notes.name).main
  const { messageCount } = await channel.checkQueue(queue)
  return messageCount === 0
}
const handled = () => notes.tally.calls.reduce((sum, n) => sum + n, 0)

describe('consumer in batch mode', () => {
  it('applies a burst in batches, each event once, with its before step outside the transaction', async () => {
    const events = Array.from({ length: 300 }, (_, i) => tally(`burst-${String(i).padStart(3, '0')}`))
    const callsBefore = notes.tally.calls.length
    publish(...events)
    await until(async () => (await counters('burst-')).length === events.length)
    const calls = notes.tally.calls.slice(callsBefore)
    expect(Math.max(...calls)).toBeGreaterThan(1) // batched, not one at a time
    expect(Math.max(...calls)).toBeLessThanOrEqual(100) // the default batch size
    expect(calls.reduce((sum, n) => sum + n, 0)).toBe(events.length) // nothing applied twice
    expect((await counters('burst-')).every((c) => c.value === 1)).toBe(true)
    expect(await inboxRows(events)).toBe(events.length)
    expect(notes.tally.openDuringBefore.length).toBeGreaterThanOrEqual(events.length)
    expect(notes.tally.openDuringBefore.every((open) => open === 0)).toBe(true)
    console.log(
      `batch mode: 300 events applied in ${calls.length} handler calls (largest ${Math.max(...calls)})`,
    )
  })

  it('applies an event delivered twice within one burst once', async () => {
    const events = Array.from({ length: 20 }, (_, i) => tally(`dup-${i}`))
    const before = handled()
    // Each event twice, back to back: the copies land in the same batch (or the next one).
    publish(...events.flatMap((e) => [e, e]))
    await until(async () => (await counters('dup-')).length === events.length)
    await until(drained)
    await new Promise((r) => setTimeout(r, 200)) // room for a second application to show up
    expect((await counters('dup-')).every((c) => c.value === 1)).toBe(true)
    expect(handled() - before).toBe(events.length)
    expect(await inboxRows(events)).toBe(events.length)
  })

  it('redelivered batch: applies only the events it has not applied yet, and acknowledges all', async () => {
    const old = Array.from({ length: 25 }, (_, i) => tally(`again-old-${i}`))
    publish(...old)
    await until(async () => (await counters('again-old-')).length === old.length)
    const fresh = Array.from({ length: 25 }, (_, i) => tally(`again-new-${i}`))
    const before = handled()
    // The same events again (as after a crash between commit and ack), mixed with new ones.
    publish(...old.flatMap((e, i) => [e, fresh[i] as EventEnvelope]))
    await until(async () => (await counters('again-new-')).length === fresh.length)
    await until(drained)
    await new Promise((r) => setTimeout(r, 200))
    expect(handled() - before).toBe(fresh.length)
    expect((await counters('again-')).every((c) => c.value === 1)).toBe(true)
    expect(await inboxRows([...old, ...fresh])).toBe(old.length + fresh.length)
  })

  it('a poison event in a batch: the others are applied, it alone is retried, parked, then replayed once', async () => {
    const healthy = Array.from({ length: 40 }, (_, i) => tally(`mixed-${i}`))
    const poison = tally('mixed-poison', { poison: true })
    publish(...healthy.slice(0, 20), poison, ...healthy.slice(20))
    const dead = service.bus.queues(notes.name).dead
    await until(async () => (await channel.checkQueue(dead)).messageCount === 1)
    await until(async () => (await counters('mixed-')).length === healthy.length)
    expect((await counters('mixed-')).every((c) => c.value === 1)).toBe(true)
    // Retried on its own as often as a one-at-a-time event (the fixture's maxAttempts), never in the inbox.
    expect(notes.tally.poisonAlone).toBe(3)
    expect(await inboxRows([poison])).toBe(0)

    const parked = await channel.get(dead, { noAck: false })
    if (!parked) throw new Error('the dead-letter queue is empty')
    expect(JSON.parse(parked.content.toString()).id).toBe(poison.id)
    expect(parked.properties.headers?.['x-failure-reason']).toBe('tally: handler bug')
    channel.nack(parked, false, true) // back on the dead-letter queue for the replay

    notes.tally.broken = false
    const confirm = await connection.createConfirmChannel()
    const replayed = await replayDeadLetters(confirm, service.bus, notes.name)
    await confirm.close()
    expect(replayed).toBe(1)
    await until(async () => (await service.db.counter.findUnique({ where: { id: 'mixed-poison' } })) !== null)
    expect((await service.db.counter.findUnique({ where: { id: 'mixed-poison' } }))?.value).toBe(1)
    expect(await inboxRows([poison])).toBe(1)
  })
})
