import type { Channel, ConsumeMessage } from 'amqplib'
import type { Logger } from '../logger'
import { requestContext } from '../request-context'
import type { Broker } from './broker'
import { type EventEnvelope, isEnvelope } from './envelope'
import type { RawExecutor } from './outbox'
import { assertConsumerTopology, type BusNames, busNames } from './topology'

export type EventHandler<TTx extends RawExecutor> = (event: EventEnvelope, tx: TTx) => Promise<void>

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
}

/**
 * Consumes this service's queue. Each event is handled in one database transaction together with its
 * inbox row, and acknowledged only after that commits: a redelivered event finds its inbox row and is
 * skipped; a failing one is retried after a delay and, after maxAttempts, moved to `<name>.events.dead`.
 * An event in a version its handler does not understand (a producer ahead of this consumer) is parked
 * at once: retrying cannot make it understood, and the dead-letter queue keeps it to replay once this
 * consumer learns the version.
 */
export class EventConsumer<TTx extends RawExecutor> {
  private channel: Channel | undefined
  private consumerTag: string | undefined
  private readonly inFlight = new Set<Promise<void>>()
  private unsubscribe: (() => void) | undefined
  private stopped = false
  private readonly names: BusNames

  constructor(private readonly options: ConsumerOptions<TTx>) {
    this.names = options.names ?? busNames()
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
    const { name, broker, prefetch = 20, retryDelayMs = 1_000 } = this.options
    const channel = await broker.channel()
    await assertConsumerTopology(channel, this.names, name, this.handledTypes, retryDelayMs)
    await channel.prefetch(prefetch)
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
    const { logger, maxAttempts = 5 } = this.options
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
    const requestId = String(msg.properties.headers?.['x-request-id'] ?? event.id)
    try {
      await requestContext.run({ requestId }, () => this.apply(event))
    } catch (err) {
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
    await this.options.transaction(async (tx) => {
      const fresh = await tx.$executeRawUnsafe(
        'INSERT INTO eventbus.inbox (consumer, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        this.options.name,
        event.id,
        event.type,
      )
      if (fresh === 0) return
      await entry.handle(event, tx)
    })
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

type XDeath = { queue?: string; reason?: string; count?: number }

function previousAttempts(msg: ConsumeMessage, queue: string): number {
  const deaths = (msg.properties.headers?.['x-death'] ?? []) as XDeath[]
  return deaths
    .filter((d) => d.queue === queue && d.reason === 'rejected')
    .reduce((sum, d) => sum + Number(d.count ?? 0), 0)
}
