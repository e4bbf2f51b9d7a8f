import { randomUUID } from 'node:crypto'

/** What travels on the bus: routing key = type; data is the event's own payload. */
export type EventEnvelope<T = unknown> = {
  id: string
  type: string
  version: number
  occurredAt: string
  data: T
}

/**
 * A bare envelope, unchecked. Services build events with `createEvent` (./events), which checks the data
 * against its contract; this is for the kit itself and for tests that must put any bytes on the bus.
 */
export function envelope<T>(type: string, data: T, version = 1): EventEnvelope<T> {
  return { id: randomUUID(), type, version, occurredAt: new Date().toISOString(), data }
}

export function isEnvelope(value: unknown): value is EventEnvelope {
  const v = value as Partial<EventEnvelope> | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    v.id.length > 0 &&
    typeof v.type === 'string' &&
    typeof v.version === 'number' &&
    'data' in v
  )
}
