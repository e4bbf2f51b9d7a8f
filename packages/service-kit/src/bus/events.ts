import { type EventData, type EventType, parseEventData, publishedVersion } from '@medstore/contracts/events'
import type { EventHandlerEntry } from './consumer'
import { type EventEnvelope, envelope } from './envelope'
import type { RawExecutor } from './outbox'

/** An event of a contract type, its data as the contract describes it. */
export type ContractEvent<T extends EventType> = EventEnvelope<EventData<T>>

export type CreateEventOptions = {
  /** When it happened, if not now: the time of the record it announces (e.g. a backdated demo account). */
  occurredAt?: Date
}

/**
 * The one way a service builds an event: its data is checked against the contract (a producer never
 * publishes what its consumers would park), and it is stamped with the version its producer publishes.
 */
export function createEvent<T extends EventType>(
  type: T,
  data: EventData<T>,
  options: CreateEventOptions = {},
): ContractEvent<T> {
  const event = envelope(type, parseEventData(type, data), publishedVersion(type))
  return options.occurredAt ? { ...event, occurredAt: options.occurredAt.toISOString() } : event
}

export type OnOptions<T extends EventType> = {
  /**
   * The versions of the event this handler understands (default: version 1). The consumer parks any
   * other version; the contract test requires every version in `eventVersions`.
   */
  versions?: readonly number[]
  /**
   * Work that must not hold a database connection, such as a call to another service. It runs before
   * the handler's transaction opens, and again on every retry or redelivery, so it must be idempotent;
   * the transaction then records the event in the inbox, so the handler's own writes happen once.
   */
  before?: (data: EventData<T>, event: ContractEvent<T>) => Promise<void>
}

/** One registration: the event type and what the consumer runs for it. */
export type Subscription<TTx extends RawExecutor> = EventHandlerEntry<TTx> & { type: EventType }

/**
 * A typed handler: `data` has the type of its contract schema and is checked against it (a mismatch
 * throws: the consumer retries, then parks the event), so no handler parses or types it again.
 */
export function on<T extends EventType, TTx extends RawExecutor>(
  type: T,
  handle: (data: EventData<T>, tx: TTx, event: ContractEvent<T>) => Promise<void>,
  options: OnOptions<T> = {},
): Subscription<TTx> {
  const typed = (event: EventEnvelope): ContractEvent<T> => ({
    ...event,
    data: parseEventData(type, event.data),
  })
  const { before } = options
  return {
    type,
    versions: options.versions ?? [1],
    before: before
      ? async (event) => {
          const checked = typed(event)
          return before(checked.data, checked)
        }
      : undefined,
    handle: async (event, tx) => {
      const checked = typed(event)
      return handle(checked.data, tx, checked)
    },
  }
}

/**
 * A typed handler that takes the events of its type in batches (see `handleBatch` in ./consumer): one
 * call with every fresh event of a batch, in one transaction. Use it only where the result does not
 * depend on the order the events are applied in, and say why beside it. Each event's data is checked
 * against its contract; one that does not match fails the batch, and the consumer then applies the
 * events one at a time, so that one alone is retried and parked.
 */
export function onBatch<T extends EventType, TTx extends RawExecutor>(
  type: T,
  handleAll: (events: ContractEvent<T>[], tx: TTx) => Promise<void>,
  options: OnOptions<T> = {},
): Subscription<TTx> {
  const handleBatch = async (events: EventEnvelope[], tx: TTx) =>
    handleAll(
      events.map((event) => ({ ...event, data: parseEventData(type, event.data) })),
      tx,
    )
  const single = on<T, TTx>(type, async (_data, tx, event) => handleAll([event], tx), options)
  return { ...single, handleBatch }
}

/** A consumer's handlers by event type; one handler per type (a second is a mistake, caught at start). */
export function eventHandlers<TTx extends RawExecutor>(
  ...subscriptions: Subscription<TTx>[]
): Record<string, EventHandlerEntry<TTx>> {
  const handlers: Record<string, EventHandlerEntry<TTx>> = {}
  for (const { type, ...entry } of subscriptions) {
    if (handlers[type]) throw new Error(`two handlers for ${type}: merge them into one`)
    handlers[type] = entry
  }
  return handlers
}
