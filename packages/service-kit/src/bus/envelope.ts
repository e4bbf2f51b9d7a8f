import { randomUUID } from 'node:crypto'

/** What travels on the bus: routing key = type; data is the event's own payload. */
export type EventEnvelope<T = unknown> = {
  id: string
  type: string
  version: number
  occurredAt: string
  data: T
}

export function createEvent<T>(type: string, data: T, version = 1): EventEnvelope<T> {
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
