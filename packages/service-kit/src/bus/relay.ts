import type { ConfirmChannel } from 'amqplib'
import type pg from 'pg'
import type { Logger } from '../logger'
import type { Broker } from './broker'
import { OUTBOX_CHANNEL } from './store'
import { assertEventsExchange, type BusNames, busNames } from './topology'

export type RelayOptions = {
  pool: pg.Pool
  broker: Broker
  logger: Logger
  names?: BusNames
  batchSize?: number
  /** Safety net for a missed notification; inserts normally wake the relay at once. */
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
  private listener: pg.PoolClient | undefined
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
    await this.listen()
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wake?.()
    await this.loop
    this.listener?.release()
    this.listener = undefined
    await this.channel?.close().catch(() => undefined)
    this.channel = undefined
  }

  /** Publishes one batch; returns how many events the broker confirmed. */
  async relayBatch(): Promise<number> {
    const client = await this.options.pool.connect()
    try {
      await client.query('BEGIN')
      const { rows } = await client.query<OutboxRow>(
        `SELECT seq, id, type, envelope::text AS body, headers FROM eventbus.outbox
         ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      )
      if (rows.length > 0) {
        await this.publish(rows)
        await client.query('DELETE FROM eventbus.outbox WHERE seq = ANY($1::bigint[])', [
          rows.map((r) => r.seq),
        ])
      }
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

  private async publish(rows: OutboxRow[]): Promise<void> {
    const channel = await this.confirmChannel()
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
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('broker did not confirm the batch in time')),
        this.confirmTimeoutMs,
      )
    })
    try {
      await Promise.race([channel.waitForConfirms(), timeout])
    } catch (err) {
      // The channel's state is unknown now: drop it so the retry starts on a fresh one.
      this.channel = undefined
      await channel.close().catch(() => undefined)
      throw err
    } finally {
      clearTimeout(timer)
    }
  }

  private async confirmChannel(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel
    const channel = await this.options.broker.confirmChannel()
    channel.on('close', () => {
      if (this.channel === channel) this.channel = undefined
    })
    await assertEventsExchange(channel, this.names)
    this.channel = channel
    return channel
  }

  private async listen(): Promise<void> {
    try {
      this.listener = await this.options.pool.connect()
      this.listener.on('notification', () => {
        this.notified = true
        this.wake?.()
      })
      this.listener.on('error', () => {
        this.listener = undefined
      })
      await this.listener.query(`LISTEN ${OUTBOX_CHANNEL}`)
    } catch (err) {
      // Polling still delivers everything; notifications only make it prompt.
      this.options.logger.warn({ err: (err as Error).message }, 'outbox relay cannot LISTEN; polling only')
    }
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
