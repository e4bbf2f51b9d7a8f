import type { ConfirmChannel } from 'amqplib'
import type pg from 'pg'
import type { Logger } from '../logger'
import type { Broker } from './broker'
import { onOutboxCommitted } from './outbox-wake'
import { assertEventsExchange, type BusNames, busNames } from './topology'

export type RelayOptions = {
  pool: pg.Pool
  broker: Broker
  logger: Logger
  names?: BusNames
  batchSize?: number
  /**
   * Safety net for rows no wake-up announced (written by another process that died before relaying them);
   * this process's commits wake the relay at once (./outbox-wake).
   */
  pollIntervalMs?: number
  confirmTimeoutMs?: number
}

type OutboxRow = { seq: string; id: string; type: string; body: string; headers: Record<string, string> }

const MAX_BACKOFF_MS = 5_000

/**
 * Publishes committed outbox rows in order, in batches on a confirm channel; a batch's rows are deleted
 * only after the broker confirmed all of it. A failure rolls the batch back (the rows stay) and retries
 * with backoff, so every committed event is delivered at least once; consumers' inboxes drop repeats.
 * Rows are claimed with SKIP LOCKED, so several replicas may relay side by side.
 */
export class OutboxRelay {
  private readonly batchSize: number
  private readonly pollIntervalMs: number
  private readonly confirmTimeoutMs: number
  private readonly names: BusNames
  private channel: ConfirmChannel | undefined
  private running = false
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined
  private stopWaking: (() => void) | undefined
  private notified = false
  private published = 0

  constructor(private readonly options: RelayOptions) {
    this.batchSize = options.batchSize ?? 500
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 15_000
    this.names = options.names ?? busNames()
  }

  /** Events confirmed by the broker since start. */
  get publishedCount(): number {
    return this.published
  }

  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    this.stopWaking = onOutboxCommitted(() => {
      this.notified = true
      this.wake?.()
    })
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wake?.()
    await this.loop
    this.stopWaking?.()
    await this.channel?.close().catch(() => undefined)
    this.channel = undefined
  }

  /** Publishes one batch; returns how many events the broker confirmed. */
  async relayBatch(): Promise<number> {
    // The channel first: while the broker is away the relay waits without holding rows locked.
    const channel = await this.confirmChannel()
    const client = await this.options.pool.connect()
    try {
      await client.query('BEGIN')
      // Claimed and deleted in one statement; the delete only counts once the broker has confirmed the
      // batch and the transaction commits (a failure rolls it back, and the rows are there again).
      // RETURNING keeps no order: the outer SELECT puts the events back in the order they were written.
      const { rows } = await client.query<OutboxRow>(
        `WITH claimed AS (
           DELETE FROM eventbus.outbox WHERE seq IN (
             SELECT seq FROM eventbus.outbox ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
           RETURNING seq, id, type, envelope::text AS body, headers)
         SELECT * FROM claimed ORDER BY seq`,
        [this.batchSize],
      )
      if (rows.length > 0) await this.publish(channel, rows)
      await client.query('COMMIT')
      this.published += rows.length
      return rows.length
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw err
    } finally {
      client.release()
    }
  }

  private async run(): Promise<void> {
    let backoff = 100
    while (this.running) {
      try {
        const count = await this.relayBatch()
        backoff = 100
        if (count < this.batchSize) await this.idle(this.pollIntervalMs)
      } catch (err) {
        this.options.logger.warn(
          { err: (err as Error).message, retryInMs: backoff },
          'outbox relay failed; retrying',
        )
        await this.idle(backoff)
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)
      }
    }
  }

  /**
   * Sends the batch and waits for the broker's confirms, within confirmTimeoutMs: a connection that
   * drops mid-batch may leave a 'drain' or a confirm that never comes, and the retry must not wait on it.
   */
  private async publish(channel: ConfirmChannel, rows: OutboxRow[]): Promise<void> {
    const sendAll = async () => {
      for (const row of rows) {
        const ok = channel.publish(this.names.events, row.type, Buffer.from(row.body), {
          persistent: true,
          messageId: row.id,
          type: row.type,
          contentType: 'application/json',
          headers: row.headers,
        })
        if (!ok) await new Promise<void>((resolve) => channel.once('drain', resolve))
      }
      await channel.waitForConfirms()
    }
    try {
      await withTimeout(sendAll(), this.confirmTimeoutMs, 'broker did not confirm the batch in time')
    } catch (err) {
      // The channel's state is unknown now: drop it so the retry starts on a fresh one.
      if (this.channel === channel) this.channel = undefined
      await channel.close().catch(() => undefined)
      throw err
    }
  }

  /**
   * The open confirm channel, or a new one. While the broker is away this waits for it to come back,
   * but no longer than confirmTimeoutMs, so stop() is never stuck behind it.
   */
  private async confirmChannel(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel
    const opening = this.options.broker.confirmChannel()
    const channel = await withTimeout(opening, this.confirmTimeoutMs, 'message broker unreachable').catch(
      (err) => {
        opening.then((late) => late.close()).catch(() => undefined)
        throw err
      },
    )
    channel.on('close', () => {
      if (this.channel === channel) this.channel = undefined
    })
    await assertEventsExchange(channel, this.names)
    this.channel = channel
    return channel
  }

  private idle(ms: number): Promise<void> {
    if (!this.running || this.notified) {
      this.notified = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined
      const done = () => {
        clearTimeout(timer)
        this.notified = false
        this.wake = undefined
        resolve()
      }
      timer = setTimeout(done, ms)
      this.wake = done
    })
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
