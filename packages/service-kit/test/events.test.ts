import { eventVersions } from '@medstore/contracts/events'
import { describe, expect, it } from 'vitest'
import { envelope } from '../src/bus/envelope'
import { createEvent, eventHandlers, on } from '../src/bus/events'
import type { RawExecutor } from '../src/bus/outbox'

const order = { orderId: 'o-1', userId: 'u-1', number: 'MS-1', status: 'pending' as const }
const tx: RawExecutor = { $executeRawUnsafe: async () => 0 }

describe('createEvent', () => {
  it('builds an envelope stamped with the version its producer publishes', () => {
    const event = createEvent('order.created', order)
    expect(event).toMatchObject({ type: 'order.created', version: 1, data: order })
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Number.isNaN(Date.parse(event.occurredAt))).toBe(false)
    expect(eventVersions['order.created']).toContain(event.version)
  })

  it('dates an event at the record it announces when told to', () => {
    const at = new Date('2026-01-02T03:04:05.000Z')
    expect(createEvent('order.created', order, { occurredAt: at }).occurredAt).toBe(at.toISOString())
  })

  it('refuses data its contract does not describe, so no consumer has to park it', () => {
    const bad = { ...order, status: 'lost' } as unknown as typeof order
    expect(() => createEvent('order.created', bad)).toThrow(/status/)
  })
})

describe('on', () => {
  it('hands the handler the data checked against its contract, with the envelope beside it', async () => {
    const seen: unknown[] = []
    const entry = on('order.created', async (data, _tx, event) => {
      seen.push(data.number, event.id)
    })
    const event = envelope('order.created', order)
    await entry.handle(event, tx)
    expect(seen).toEqual(['MS-1', event.id])
    expect(entry.versions).toEqual([1])
    expect(entry.before).toBeUndefined()
  })

  it('throws on data that does not match the contract (the consumer retries, then parks it)', async () => {
    const entry = on('order.created', async () => {})
    await expect(entry.handle(envelope('order.created', { orderId: 1 }), tx)).rejects.toThrow()
  })

  it('checks the data before the step that runs outside the transaction too', async () => {
    const released: string[] = []
    const entry = on('order.status_changed', async () => {}, {
      before: async ({ orderId }) => void released.push(orderId),
    })
    await entry.before?.(envelope('order.status_changed', { ...order, status: 'cancelled' }))
    expect(released).toEqual(['o-1'])
    await expect(entry.before?.(envelope('order.status_changed', {}))).rejects.toThrow()
    expect(released).toEqual(['o-1'])
  })

  it('declares the versions a handler understands', () => {
    expect(on('order.created', async () => {}, { versions: [1, 2] }).versions).toEqual([1, 2])
  })
})

describe('eventHandlers', () => {
  it('maps each event type to its handler', () => {
    const handlers = eventHandlers(
      on('order.created', async () => {}),
      on('product.deleted', async () => {}),
    )
    expect(Object.keys(handlers)).toEqual(['order.created', 'product.deleted'])
    expect(handlers['order.created']).not.toHaveProperty('type')
  })

  it('refuses two handlers for one type instead of silently keeping one', () => {
    expect(() =>
      eventHandlers(
        on('order.created', async () => {}),
        on('order.created', async () => {}),
      ),
    ).toThrow('two handlers for order.created')
  })
})
