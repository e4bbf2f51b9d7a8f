/**
 * Events carry what consumers read: every field of every event is read by some service that consumes it
 * (or is listed below with the reason it travels unread). Each consumer's handlers run once per type on a
 * sample event whose data records the fields read, against a transaction that writes nothing and finds
 * nothing (a field read only after finding something would show as unread: none is today).
 */

import type * as Events from '@medstore/contracts/events'
import { type EventType, eventSchemas } from '@medstore/contracts/events'
import { describe, expect, it, vi } from 'vitest'

/** Fields read per event type, recorded by the contract's parse, which every handler's data goes through. */
const reads = vi.hoisted(() => new Map<string, Set<string>>())

vi.mock('@medstore/contracts/events', async (importOriginal) => {
  const original = await importOriginal<typeof Events>()
  return {
    ...original,
    parseEventData: (type: string, data: object) => {
      const read = reads.get(type) ?? new Set<string>()
      reads.set(type, read)
      return new Proxy(data, {
        get: (target, field, receiver) => {
          if (typeof field === 'string') read.add(field)
          return Reflect.get(target, field, receiver)
        },
      })
    },
  }
})

const { consumers } = await import('./consumers')

/**
 * Fields that travel although no consumer's code reads them, and why. LEGACY: unread on 1 Dec 2026 and
 * still sent; removing a field is a breaking change (README "Zero-downtime rules": consumers first), so
 * each leaves with its event's next version. This list only shrinks: a new field needs a reader.
 */
const LEGACY = 'unread since before 1 Dec 2026: leaves with the next version of its event'
const UNREAD: Partial<Record<EventType, Record<string, string>>> = {
  'catalogue.resync_requested': {
    requestedBy: 'names the asking service where the event is seen: the logs, a dead-letter queue',
  },
  'user.registered': { userName: LEGACY },
  'user.sign_in_failures': { lastAddress: LEGACY },
  'order.refund_changed': { itemId: LEGACY },
  'prescription.uploaded': { uploadedAt: LEGACY },
  'prescription.approved': {
    pharmacistId: LEGACY,
    pharmacistName: LEGACY,
    doctorName: LEGACY,
    doctorRegistration: LEGACY,
    patientName: LEGACY,
    issuedOn: LEGACY,
    approvedAt: LEGACY,
  },
  'prescription.rejected': { rejectedAt: LEGACY },
  'prescription.attached': { userId: LEGACY, number: LEGACY, attachedAt: LEGACY },
}

type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } }

/** A value of the schema: any string is a date (handlers parse some), the first of an enum, one element. */
function sample(schema: ZodLike): unknown {
  const def = schema._zod.def
  switch (def.type) {
    case 'string':
      return '2026-12-01T10:00:00.000Z'
    case 'number':
      return 1
    case 'boolean':
      return false
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0]
    case 'literal':
      return (def.values as unknown[])[0]
    case 'array':
      return [sample(def.element as ZodLike)]
    case 'optional':
    case 'nullable':
      return sample(def.innerType as ZodLike)
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, ZodLike>).map(([field, value]) => [field, sample(value)]),
      )
    default:
      throw new Error(`no sample for a ${def.type} field: teach sample() it`)
  }
}

/** A transaction that writes nothing and finds nothing. */
const nothing = {
  $executeRawUnsafe: async () => 0,
  $queryRawUnsafe: async () => [],
}

const fieldsOf = (type: EventType) =>
  Object.keys((eventSchemas[type] as unknown as ZodLike)._zod.def.shape as object)

describe('every field of an event', () => {
  it('is read by a service that consumes it, or says why it travels unread', async () => {
    for (const handlers of Object.values(consumers)) {
      for (const [type, entry] of Object.entries(handlers)) {
        const event = {
          id: 'sample',
          type,
          version: 1,
          occurredAt: '2026-12-01T10:00:00.000Z',
          data: sample(eventSchemas[type as EventType] as unknown as ZodLike),
        }
        await entry.before?.(event).catch(() => undefined)
        await entry.handle(event, nothing as never).catch(() => undefined)
      }
    }
    const consumed = new Set(Object.values(consumers).flatMap((handlers) => Object.keys(handlers)))
    const unread = [...consumed].flatMap((type) =>
      fieldsOf(type as EventType)
        .filter((field) => !reads.get(type)?.has(field) && !UNREAD[type as EventType]?.[field])
        .map((field) => `${type}.${field}`),
    )
    expect(unread).toEqual([])
  })

  it('is noticed when nobody reads it (the check above can fail)', () => {
    reads.set('probe', new Set(['read']))
    expect(['read', 'unread'].filter((field) => !reads.get('probe')?.has(field))).toEqual(['unread'])
  })
})
