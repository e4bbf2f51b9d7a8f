import type { Channel, ConsumeMessage } from 'amqplib'
import { databaseUnreachable } from '../database-errors'
import type { Logger } from '../logger'
import { requestContext } from '../request-context'
import { BatchCollector } from './batches'
import type { Broker } from './broker'
import { ConcurrencyLimit } from './concurrency'
import { type EventEnvelope, isEnvelope } from './envelope'
import { recordBatchInInbox, recordInInbox } from './inbox'
import type { RawExecutor } from './outbox'
import { wakingRelaysAfter } from './outbox-wake'
import { assertConsumerTopology, type BusNames, busNames } from './topology'

export type EventHandler<TTx extends RawExecutor> = (event: EventEnvelope, tx: TTx) => Promise<void>
export type BatchEventHandler<TTx extends RawExecutor> = (events: EventEnvelope[], tx: TTx) => Promise<void>

/** How long after its channel closed alone a consumer subscribes again. */
const RESUBSCRIBE_DELAY_MS = 500
/**
 * What a consumer runs for one event type. Services write it with `on()` (./events), which types and
 * checks the data; the consumer sees envelopes.
 */
export type EventHandlerEntry<TTx extends RawExecutor> = {
  /** The event versions it understands; any other version of its type is parked, never applied. */
  versions: readonly number[]
  /** Runs before the transaction opens, again on every retry or redelivery (so: idempotent work only). */
  before?: (event: EventEnvelope) => Promise<void>
  /** Runs in the transaction that records the event in the inbox: its writes happen once. */
  handle: EventHandler<TTx>
  /**
   * Opts the type into batches: the consumer gathers the deliveries of this type at hand and applies the
   * fresh ones with one call, in one transaction with one inbox insert (`handle` is then the same work
   * for one event, used when a batch fails). Only for effects whose result does not depend on the order
   * the events are applied in.
   */
  handleBatch?: BatchEventHandler<TTx>
}

/** The event versions a handler understands (what the contract test compares with `eventVersions`). */
export const understoodVersions = (entry: EventHandlerEntry<never>): readonly number[] => entry.versions

export type TransactionRunner<TTx extends RawExecutor> = <R>(fn: (tx: TTx) => Promise<R>) => Promise<R>

export type ConsumerOptions<TTx extends RawExecutor> = {
  /** Names the durable queue `<name>.events` and the inbox rows. */
  name: string
  broker: Broker
  logger: Logger
  names?: BusNames
  handlers: Record<string, EventHandlerEntry<TTx>>
  transaction: TransactionRunner<TTx>
  prefetch?: number
  /** Deliveries of one event before it is parked in the dead-letter queue. */
  maxAttempts?: number
  retryDelayMs?: number
  /**
   * The most events of one type applied together (types with `handleBatch`); prefetch is raised to it.
   * 1 applies every event on its own.
   */
  batchSize?: number
  /** How long the first event of a batch waits for more. */
  batchWindowMs?: number
}

type Delivery = { channel: Channel; msg: ConsumeMessage; event: EventEnvelope }

const DEFAULT_PREFETCH = 20
const DEFAULT_BATCH_SIZE = 100
// Long enough to gather a burst that crosses several socket reads, short beside a person's wait.
const DEFAULT_BATCH_WINDOW_MS = 5
/** How often an event waiting for the database tries again. */
const DATABASE_RETRY_MS = 500

/**
 * Consumes this service's queue. Each event is handled in one database transaction together with its
 * inbox row, and acknowledged only after that commits: a redelivered event finds its inbox row and is
 * skipped; a failing one is retried after a delay and, after maxAttempts, moved to `<name>.events.dead`.
 * An event in a version its handler does not understand (a producer ahead of this consumer) is parked
 * at once: retrying cannot make it understood, and the dead-letter queue keeps it to replay once this
 * consumer learns the version.
 * Types whose handler takes batches are applied many events to a transaction; a batch that fails is
 * applied again one event at a time, so a poison event still fails, is retried and is parked alone.
 */
export class EventConsumer<TTx extends RawExecutor> {
  private channel: Channel | undefined
  private consumerTag: string | undefined
  private readonly inFlight = new Set<Promise<void>>()
  private unsubscribe: (() => void) | undefined
  private stopped = false
  private readonly names: BusNames
  private readonly collector: BatchCollector<Delivery>
  /** Prefetch grows for batches; the events applied one at a time stay as many at once as before. */
  private readonly singles: ConcurrencyLimit

  constructor(private readonly options: ConsumerOptions<TTx>) {
    this.names = options.names ?? busNames()
    this.singles = new ConcurrencyLimit(options.prefetch ?? DEFAULT_PREFETCH)
    this.collector = new BatchCollector((type, deliveries) => this.handleBatch(type, deliveries), {
      maxSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      windowMs: options.batchWindowMs ?? DEFAULT_BATCH_WINDOW_MS,
    })
  }

  get handledTypes(): string[] {
    return Object.keys(this.options.handlers)
  }

  /**
   * Declares the queue and its bindings now, before the service publishes anything: an answer to its own
   * start-up request (a replica's resync) would otherwise reach the exchange before the queue is bound, and
   * be lost (seen as a product replica that never filled on a first start).
   */
  async declare(): Promise<void> {
    const channel = await this.options.broker.channel()
    try {
      const { name, retryDelayMs = 1_000 } = this.options
      await assertConsumerTopology(channel, this.names, name, this.handledTypes, retryDelayMs)
    } finally {
      await channel.close().catch(() => undefined)
    }
  }

  start(): void {
    this.unsubscribe = this.options.broker.onConnect(() => {
      this.subscribe().catch((err) =>
        this.options.logger.error({ err: (err as Error).message }, 'cannot subscribe to events'),
      )
    })
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.unsubscribe?.()
    const channel = this.channel
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined)
    await Promise.allSettled([...this.inFlight])
    await channel?.close().catch(() => undefined)
    this.channel = undefined
  }

  private async subscribe(): Promise<void> {
    if (this.stopped) return
    const { name, broker, retryDelayMs = 1_000 } = this.options
    const channel = await broker.channel()
    await assertConsumerTopology(channel, this.names, name, this.handledTypes, retryDelayMs)
    await channel.prefetch(this.prefetch())
    this.channel = channel
    // A channel can close alone (a channel-level error from the broker) while the connection stays up, and
    // then no reconnect would subscribe again: this consumer does, once the connection is there.
    channel.once('close', () => this.resubscribeAfterClose(channel))
    const { consumerTag } = await channel.consume(this.names.queues(name).main, (msg) => {
      if (!msg) {
        // The broker cancelled this consumer (its queue was deleted): close the channel, which declares the
        // queue again and consumes anew (in-flight events are redelivered; the inbox makes that harmless).
        channel.close().catch(() => undefined)
        return
      }
      const work = this.handle(channel, msg).finally(() => this.inFlight.delete(work))
      this.inFlight.add(work)
    })
    this.consumerTag = consumerTag
  }

  /** A batch can only be as large as what the broker lets this consumer hold unacknowledged. */
  private prefetch(): number {
    const { prefetch = DEFAULT_PREFETCH, batchSize = DEFAULT_BATCH_SIZE, handlers } = this.options
    const batching = Object.values(handlers).some((entry) => this.takesBatches(entry))
    return batching ? Math.max(prefetch, batchSize) : prefetch
  }

  private takesBatches(entry: EventHandlerEntry<TTx> | undefined): boolean {
    return Boolean(entry?.handleBatch) && (this.options.batchSize ?? DEFAULT_BATCH_SIZE) > 1
  }

  private resubscribeAfterClose(channel: Channel): void {
    if (this.stopped || this.channel !== channel) return
    this.channel = undefined
    setTimeout(() => {
      // A lost connection is the broker's to restore, and its onConnect subscribes (setting this.channel).
      if (this.stopped || this.channel || !this.options.broker.isConnected) return
      this.options.logger.warn({ consumer: this.options.name }, 'event channel closed; subscribing again')
      this.subscribe().catch((err) =>
        this.options.logger.error({ err: (err as Error).message }, 'cannot subscribe to events'),
      )
    }, RESUBSCRIBE_DELAY_MS).unref()
  }

  private async handle(channel: Channel, msg: ConsumeMessage): Promise<void> {
    const { logger } = this.options
    const event = parse(msg.content)
    if (!event) {
      logger.error(
        { messageId: msg.properties.messageId },
        'malformed event; parked in the dead-letter queue',
      )
      return this.settle(msg, () => this.park(channel, msg, 'malformed event'))
    }
    const entry = this.options.handlers[event.type]
    // The one place an event's version is read.
    if (entry && !entry.versions.includes(event.version)) {
      const reason = `version ${event.version} of ${event.type} is not one this consumer understands`
      logger.error({ eventId: event.id, type: event.type, version: event.version }, `${reason}; parked`)
      return this.park(channel, msg, reason)
    }
    if (this.takesBatches(entry)) return this.collector.add(event.type, { channel, msg, event })
    return this.singles.run(() => this.handleOne({ channel, msg, event }))
  }

  /** Applies one event; a failure is retried after a delay, or parked after the last attempt. */
  private async handleOne({ channel, msg, event }: Delivery): Promise<void> {
    const { logger, maxAttempts = 5 } = this.options
    try {
      await requestContext.run({ requestId: requestIdOf(msg, event) }, () => this.apply(event))
    } catch (err) {
      if (databaseUnreachable(err) && !this.stopped) {
        // Held unacknowledged (prefetch bounds how many) and applied once the database answers again.
        this.options.logger.warn(
          { eventId: event.id, type: event.type, err: (err as Error).message },
          'database unreachable; event waits',
        )
        await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS))
        return this.handleOne({ channel, msg, event })
      }
      const attempt = previousAttempts(msg, this.names.queues(this.options.name).main) + 1
      const reason = (err as Error).message
      if (attempt >= maxAttempts) {
        logger.error({ eventId: event.id, type: event.type, attempt, err: reason }, 'event failed; parked')
        return this.settle(msg, () => this.park(channel, msg, reason))
      }
      logger.warn({ eventId: event.id, type: event.type, attempt, err: reason }, 'event failed; will retry')
      return this.settle(msg, () => channel.nack(msg, false, false))
    }
    this.settle(msg, () => channel.ack(msg))
  }

  /**
   * Applies a batch of one type: every before step, then one transaction with one inbox insert (which
   * drops events applied before and repeats within the batch) and one handler call, then an ack for each
   * delivery (one by one: a multiple ack would also take deliveries of other types still in progress).
   * If anything fails, each delivery is applied on its own, so only the failing event is retried or parked.
   */
  private async handleBatch(type: string, deliveries: Delivery[]): Promise<void> {
    const entry = this.options.handlers[type]
    const [first] = deliveries
    if (!entry?.handleBatch || !first || deliveries.length === 1) {
      for (const delivery of deliveries) await this.handleOne(delivery)
      return
    }
    const { before, handleBatch } = entry
    const events = deliveries.map((d) => d.event)
    try {
      if (before) {
        await Promise.all(
          deliveries.map(({ msg, event }) =>
            requestContext.run({ requestId: requestIdOf(msg, event) }, () => before(event)),
          ),
        )
      }
      // A batch has no single request: its writes are logged under the first delivery's request id.
      await requestContext.run({ requestId: requestIdOf(first.msg, first.event) }, async () => {
        await wakingRelaysAfter(() =>
          this.options.transaction(async (tx) => {
            const fresh = await recordBatchInInbox(tx, this.options.name, events)
            if (fresh.length) await handleBatch(fresh, tx)
          }),
        )
      })
    } catch (err) {
      this.options.logger.warn(
        { type, events: events.length, err: (err as Error).message },
        'event batch failed; applying its events one at a time',
      )
      for (const delivery of deliveries) await this.handleOne(delivery)
      return
    }
    for (const { channel, msg } of deliveries) this.settle(msg, () => channel.ack(msg))
  }

  /**
   * Acks, nacks or parks on the channel the message came on. If that channel closed meanwhile (the broker
   * went away mid-event) amqplib throws, and that rejection would go unhandled and end the process; the
   * broker redelivers the unacknowledged message once it is back, and the inbox row skips a repeat.
   */
  private settle(msg: ConsumeMessage, action: () => void): void {
    try {
      action()
    } catch (err) {
      this.options.logger.warn(
        { messageId: msg.properties.messageId, err: (err as Error).message },
        'channel closed before the event was settled; the broker redelivers it',
      )
    }
  }

  private async apply(event: EventEnvelope): Promise<void> {
    const entry = this.options.handlers[event.type]
    if (!entry) return
    // Outside the transaction: a slow call to another service must not hold a database connection.
    await entry.before?.(event)
    // Events the handler enqueues wake the outbox relay once this transaction has committed.
    await wakingRelaysAfter(() =>
      this.options.transaction(async (tx) => {
        if (await recordInInbox(tx, this.options.name, event)) await entry.handle(event, tx)
      }),
    )
  }

  private park(channel: Channel, msg: ConsumeMessage, reason: string): void {
    channel.publish(this.names.dead, this.options.name, msg.content, {
      ...msg.properties,
      persistent: true,
      headers: { ...msg.properties.headers, 'x-failure-reason': reason.slice(0, 1_000) },
    })
    channel.ack(msg)
  }
}

function parse(content: Buffer): EventEnvelope | undefined {
  try {
    const value: unknown = JSON.parse(content.toString('utf8'))
    return isEnvelope(value) ? value : undefined
  } catch {
    return undefined
  }
}

function requestIdOf(msg: ConsumeMessage, event: EventEnvelope): string {
  return String(msg.properties.headers?.['x-request-id'] ?? event.id)
}

type XDeath = { queue?: string; reason?: string; count?: number }

function previousAttempts(msg: ConsumeMessage, queue: string): number {
  const deaths = (msg.properties.headers?.['x-death'] ?? []) as XDeath[]
  return deaths
    .filter((d) => d.queue === queue && d.reason === 'rejected')
    .reduce((sum, d) => sum + Number(d.count ?? 0), 0)
}
