/**
 * CPU cost per order of the services that only consume its events: cart (empties the buyer's cart, keeps
 * the stock) and messaging (the "order placed" notification). What an order sends them is one
 * order.created and, from the catalogue's stock announcer, at most one product.stock_changed per line
 * (the cart's alone; review, which once took a product.upserted per line, now takes nothing of an order); this bench publishes that directly on the bus, in a burst of BENCH_ORDERS orders, to the
 * production builds (`node dist/main.js`), and reads each process's CPU time from /proc before the burst
 * and once every event is in its inbox (and messaging has delivered its notifications). It runs the burst twice in one go: with EVENT_BATCH_SIZE=1 (each
 * event applied on its own, as before batches) and with the default batches, and prints both and the ratio.
 *
 *   npx tsx bench/event-consumers.bench.ts     BENCH_ORDERS (2000) BENCH_LINES (2 product.stock_changed per order)
 *
 * Linux only (/proc).
 */
import { loadavg } from 'node:os'
import { createEvent, type EventEnvelope } from '@medstore/service-kit'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import amqp from 'amqplib'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { BENCH_AMQP, BENCH_PG } from './lib/infra'
import { cpuMs } from './lib/proc'
import { type ProductProcess, type RunningProduct, startProduct } from './lib/product'
import { type BenchRow, info, runAlone } from './lib/report'

const PG = BENCH_PG
const AMQP = BENCH_AMQP
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000)
const LINES = Number(process.env.BENCH_LINES ?? 2)
const WARM_UP_ORDERS = 200
const PRODUCTS = 30
const CONSUMERS = ['cart', 'messaging'] as const
type Consumer = (typeof CONSUMERS)[number]

/** The events one order sends these services: order.created and a product.stock_changed per line. */
function orderEvents(n: number, tag: string, at: Date): EventEnvelope[] {
  const created = createEvent(
    'order.created',
    { orderId: `${tag}-${n}`, userId: `${tag}-user-${n % 500}`, number: `MS-${n}`, status: 'pending' },
    { occurredAt: at },
  )
  const stockChanges = Array.from({ length: LINES }, (_, line) => {
    const p = (n * 7 + line) % PRODUCTS
    return createEvent(
      'product.stock_changed',
      { productId: `bench-product-${p}`, stock: 1_000_000 - n },
      { occurredAt: at },
    )
  })
  return [created, ...stockChanges]
}

/** Events each consumer takes of those (messaging takes no stock). */
const expected = (consumer: Consumer, orders: number) => orders * (consumer === 'messaging' ? 1 : LINES + 1)

async function inboxCount(db: pg.Client): Promise<number> {
  return Number((await db.query('SELECT count(*) FROM eventbus.inbox')).rows[0].count)
}

/** Messaging's notifications still to deliver: its dispatcher's work is part of what an order costs it. */
async function undelivered(db: pg.Client): Promise<number> {
  return Number(
    (await db.query("SELECT count(*) FROM notifications WHERE delivery = 'pending'")).rows[0].count,
  )
}

async function commits(db: pg.Client): Promise<number> {
  const { rows } = await db.query(
    'SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()',
  )
  return Number(rows[0].xact_commit)
}

type Burst = {
  seconds: number
  cpuPerOrder: Record<Consumer, number>
  commitsPerOrder: Record<Consumer, number>
}

async function burst(product: RunningProduct, batchLabel: string): Promise<Burst> {
  const find = (name: Consumer) => product.processes.find((p) => p.name === name) as ProductProcess
  const dbs = Object.fromEntries(
    await Promise.all(
      CONSUMERS.map(async (name) => {
        const client = new pg.Client(pgConfigFromUrl(withDatabase(PG, find(name).database as string)))
        await client.connect()
        return [name, client] as const
      }),
    ),
  ) as Record<Consumer, pg.Client>
  const connection = await amqp.connect(AMQP)
  const channel = await connection.createConfirmChannel()
  const exchange = `${product.busNamespace}.medstore.events`
  const publish = async (from: number, count: number, tag: string) => {
    const at = new Date()
    for (let n = from; n < from + count; n++)
      for (const event of orderEvents(n, tag, at))
        channel.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true })
    await channel.waitForConfirms()
  }
  const allIn = async (orders: number) => {
    for (;;) {
      const counts = await Promise.all(CONSUMERS.map((c) => inboxCount(dbs[c])))
      const consumed = CONSUMERS.every((c, i) => (counts[i] as number) >= expected(c, orders))
      if (consumed && (await undelivered(dbs.messaging)) === 0) return
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  try {
    // Warm-up (JIT, pools, the replicas' rows) outside the measurement.
    await publish(0, WARM_UP_ORDERS, 'warm')
    await allIn(WARM_UP_ORDERS)
    await new Promise((r) => setTimeout(r, 500))
    const cpuBefore = CONSUMERS.map((c) => cpuMs(find(c).slice.pid))
    const commitsBefore = await Promise.all(CONSUMERS.map((c) => commits(dbs[c])))
    const started = performance.now()
    await publish(WARM_UP_ORDERS, ORDERS, 'burst')
    await allIn(WARM_UP_ORDERS + ORDERS)
    const seconds = (performance.now() - started) / 1000
    const cpuAfter = CONSUMERS.map((c) => cpuMs(find(c).slice.pid))
    const commitsAfter = await Promise.all(CONSUMERS.map((c) => commits(dbs[c])))
    const perOrder = (after: number[], before: number[]) =>
      Object.fromEntries(
        CONSUMERS.map((c, i) => [c, ((after[i] as number) - (before[i] as number)) / ORDERS]),
      ) as Record<Consumer, number>
    const result = {
      seconds,
      cpuPerOrder: perOrder(cpuAfter, cpuBefore),
      commitsPerOrder: perOrder(commitsAfter, commitsBefore),
    }
    console.log(
      `\n${batchLabel}: ${ORDERS} orders' events (${ORDERS * (LINES + 1)}) consumed in ${seconds.toFixed(1)} s`,
    )
    for (const c of CONSUMERS)
      console.log(
        `  ${c.padEnd(10)} ${result.cpuPerOrder[c].toFixed(2).padStart(6)} ms CPU per order, ${result.commitsPerOrder[c].toFixed(2)} commits per order`,
      )
    return result
  } finally {
    await connection.close().catch(() => undefined)
    for (const db of Object.values(dbs)) await db.end().catch(() => undefined)
  }
}

async function measure(label: string, batchSize: string): Promise<Burst> {
  const product = await startProduct({
    tag: 'consumers',
    // Identity serves the signing keys every service's configuration points at.
    services: ['identity', ...CONSUMERS],
    envFor: () => ({ EVENT_BATCH_SIZE: batchSize }),
  })
  try {
    return await burst(product, label)
  } finally {
    await product.stop()
  }
}

/** CPU per order of the event consumers, one at a time and in batches; run alone with `npm run bench:consumers`. */
export async function run(): Promise<BenchRow[]> {
  console.log(`load average ${loadavg()[0]?.toFixed(1)} at the start`)
  const single = await measure('one at a time (EVENT_BATCH_SIZE=1)', '1')
  const batched = await measure('in batches (EVENT_BATCH_SIZE=100)', '100')
  console.log(`\nload average ${loadavg()[0]?.toFixed(1)} at the end`)
  const rows: BenchRow[] = []
  for (const c of CONSUMERS) {
    rows.push(info(`${c}: CPU per order, one at a time`, single.cpuPerOrder[c], 'ms'))
    rows.push(info(`${c}: CPU per order, in batches`, batched.cpuPerOrder[c], 'ms'))
    rows.push(info(`${c}: batches ÷ one at a time`, batched.cpuPerOrder[c] / single.cpuPerOrder[c], '×'))
  }
  rows.push(info('burst consumed, one at a time', single.seconds, 's'))
  rows.push(info('burst consumed, in batches', batched.seconds, 's'))
  return rows
}

if (invokedDirectly(import.meta.url)) await runAlone('Event consumers (issue 16)', run)
