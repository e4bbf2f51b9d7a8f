/**
 * Outbox relay throughput: events committed to the outbox → confirmed by RabbitMQ, on this machine.
 * Run: npm run bench:outbox  (uses DATABASE_URL / AMQP_URL, else the local servers)
 */
import { randomBytes } from 'node:crypto'
import { Broker, busNames, createLogger, ensureEventStore, OutboxRelay } from '@medstore/service-kit'
import { createPool, pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import { envelope } from '@medstore/service-kit/testing'
import amqp from 'amqplib'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { BENCH_AMQP, BENCH_PG } from './lib/infra'
import { atLeast, type BenchRow, info, runAlone } from './lib/report'

const PG = BENCH_PG
const AMQP = BENCH_AMQP
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000)

/** Outbox → broker throughput per batch size; run alone with `npm run bench:outbox`. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const dbName = `bench_outbox_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client(pgConfigFromUrl(PG))
  await admin.connect()
  await admin.query(`CREATE DATABASE "${dbName}"`)
  const pool = createPool(withDatabase(PG, dbName), 6)
  const logger = createLogger('bench', 'warn')
  const broker = await Broker.connect(AMQP, logger)
  const connection = await amqp.connect(AMQP)
  const channel = await connection.createChannel()
  const type = `bench.${dbName}`
  // A real, durable queue bound to the events, so the broker routes and persists every message.
  const queue = `${dbName}.sink`
  const { events } = busNames()
  await channel.assertExchange(events, 'topic', { durable: true })
  await channel.assertQueue(queue, { durable: true })
  await channel.bindQueue(queue, events, type)
  try {
    await ensureEventStore(pool)
    for (const batchSize of [200, 500, 1_000]) {
      await fill(pool, type, EVENTS)
      const relay = new OutboxRelay({ pool, broker, logger, batchSize })
      const started = process.hrtime.bigint()
      await relay.start()
      while (relay.publishedCount < EVENTS) await new Promise((r) => setTimeout(r, 5))
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      await relay.stop()
      console.log(
        `outbox relay, batch ${String(batchSize).padStart(4)}: ${EVENTS} events committed → confirmed in ${seconds.toFixed(2)} s = ${Math.round(EVENTS / seconds).toLocaleString('en-US')} events/s`,
      )
      await channel.purgeQueue(queue)
      rows.push(info(`outbox relay, batch ${batchSize}`, EVENTS / seconds, 'events/s'))
    }
    // The README's aim: far above order placement's 200 orders/s (a few events each), so the relay is
    // never what limits it.
    const best = Math.max(...rows.map((row) => row.value))
    rows.push(atLeast('outbox relay, best batch size', best, 'events/s', 5000))
    return rows
  } finally {
    await channel.deleteQueue(queue)
    await connection.close()
    await broker.close()
    await pool.end()
    await admin.query(`DROP DATABASE "${dbName}" WITH (FORCE)`)
    await admin.end()
  }
}

async function fill(pool: pg.Pool, type: string, count: number) {
  for (let done = 0; done < count; done += 1_000) {
    const events = Array.from({ length: Math.min(1_000, count - done) }, (_, i) =>
      envelope(type, { n: done + i, sku: 'MS-PARA-500', qty: 2 }),
    )
    await pool.query(
      'INSERT INTO eventbus.outbox (id, type, envelope) SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])',
      [events.map((e) => e.id), events.map((e) => e.type), events.map((e) => JSON.stringify(e))],
    )
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('outbox relay', run)
