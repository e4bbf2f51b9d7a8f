/**
 * The back-office dashboard's GET /order/statistics on a store with 100,000 orders (a year of them, every
 * status) and 10,000 customers. Prints p50/p95 of the endpoint under 5 concurrent clients (administrators
 * opening the dashboard), straight to the order service. Aim: p95 < 1 s.
 * Run: npm run bench:statistics   (DATABASE_URL / AMQP_URL, else the local servers; BENCH_ORDERS=10000
 * for a smaller store). Uses a throw-away database, dropped at the end.
 */
import { randomBytes } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import { startService } from '@medstore/service-kit'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import { startTokenIssuer } from '@medstore/service-kit/testing'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { orderService } from '../services/order/src/service'
import { BENCH_AMQP, BENCH_PG } from './lib/infra'
import { atMost, type BenchRow, info, runAlone } from './lib/report'

const PG = BENCH_PG
const AMQP = BENCH_AMQP
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000)
const CUSTOMERS = 10_000
const CLIENTS = 5
const REQUESTS_PER_CLIENT = 20

const pct = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`

/** Orders over the last 365 days with one line each, statuses in turn (a fifth cancelled). */
async function seed(url: string): Promise<number> {
  const started = Date.now()
  const db = new pg.Client(pgConfigFromUrl(url))
  await db.connect()
  await db.query(
    `INSERT INTO customer (id, name, email, registered_at)
     SELECT 'bench-user-' || g, 'Customer ' || g, 'customer' || g || '@example.in',
            now() - random() * interval '400 days'
     FROM generate_series(1, $1::int) g`,
    [CUSTOMERS],
  )
  await db.query(
    `INSERT INTO orders (id, seq, number, user_id, customer_name, phone_number, country, state, city,
                         address_line1, address_line2, postal_code, street, house_number, payment_type,
                         payment_status, total_paise, status, created_at, updated_at)
     SELECT 'bench-order-' || g, g, 'MS-' || lpad(g::text, 6, '0'), 'bench-user-' || (1 + g % $2::int),
            'Customer ' || (1 + g % $2::int), '9876543210', 'India', 'Karnataka', 'Bengaluru', '12 MG Road', '',
            '560001', 'MG Road', '12', 'cash', 'pending', 5000 + (random() * 500000)::int,
            (ARRAY['pending', 'processing', 'shipped', 'delivered', 'cancelled'])[1 + g % 5]::"OrderStatus",
            now() - random() * interval '365 days', now()
     FROM generate_series(1, $1::int) g`,
    [ORDERS, CUSTOMERS],
  )
  await db.query(
    `INSERT INTO order_item (id, order_id, position, product_id, name, image, category, unit_price_paise,
                             quantity, status)
     SELECT gen_random_uuid(), o.id, 0, 'bench-product', 'Ashwagandha Tablets', '', 'Ayurvedic', o.total_paise,
            1, o.status
     FROM orders o`,
  )
  await db.query(`SELECT setval(pg_get_serial_sequence('orders', 'seq'), $1::int)`, [ORDERS])
  await db.query('VACUUM ANALYZE orders')
  await db.query('VACUUM ANALYZE customer')
  await db.end()
  return Date.now() - started
}

/** The dashboard's statistics on a large store; run alone with `npm run bench:statistics`. */
export async function run(): Promise<BenchRow[]> {
  const dbName = `bench_statistics_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client(pgConfigFromUrl(PG))
  await admin.connect()
  await admin.query(`CREATE DATABASE "${dbName}"`)
  const url = withDatabase(PG, dbName)
  const issuer = await startTokenIssuer()
  let service: Awaited<ReturnType<typeof startService>> | undefined
  try {
    service = await startService(orderService, {
      PORT: '0',
      DATABASE_URL: url,
      AMQP_URL: AMQP,
      BUS_NAMESPACE: dbName,
      JWKS_URL: issuer.jwksUrl,
      LOG_LEVEL: 'warn',
    })
    const seedMs = await seed(url)
    console.log(
      `store: ${ORDERS.toLocaleString('en-IN')} orders, ${CUSTOMERS.toLocaleString('en-IN')} customers inserted in ${(seedMs / 1000).toFixed(1)} s`,
    )
    // Figures mean little on a machine busy with other work: say how busy it was.
    console.log(
      `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
    )

    const token = issuer.admin()
    const base = service.url
    const once = async () => {
      const started = process.hrtime.bigint()
      const res = await fetch(`${base}/order/statistics`, { headers: { authorization: `bearer ${token}` } })
      const body = await res.text()
      if (res.status !== 200) throw new Error(`GET /order/statistics answered ${res.status}: ${body}`)
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, body }
    }
    const first = await once() // warm-up: connections, plans, JWKS
    for (let i = 0; i < 4; i++) await once()
    const sample = JSON.parse(first.body)
    console.log(
      `sample: revenue last 30 days ₹${sample.revenue.last30.toLocaleString('en-IN')} over ${sample.orders.last30} orders, ${sample.recentCustomers.length} recent customers`,
    )

    const samples: number[] = []
    const wall = Date.now()
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < REQUESTS_PER_CLIENT; i++) samples.push((await once()).ms)
      }),
    )
    const seconds = (Date.now() - wall) / 1000
    const sorted = samples.sort((a, b) => a - b)
    console.log(
      `\nGET /order/statistics, ${CLIENTS} concurrent clients × ${REQUESTS_PER_CLIENT} requests (${(samples.length / seconds).toFixed(1)} requests/s):`,
    )
    console.log(
      `  p50 ${fmt(pct(sorted, 0.5))}  p95 ${fmt(pct(sorted, 0.95))}  max ${fmt(sorted.at(-1)!)}   (aim: p95 < 1 s)`,
    )
    console.log(`machine: load average ${loadavg()[0]!.toFixed(1)} at the end`)
    const store = `${ORDERS.toLocaleString('en-IN')} orders`
    return [
      atMost(`GET /order/statistics p95, ${CLIENTS} clients, ${store}`, pct(sorted, 0.95), 'ms', 1000),
      info(`GET /order/statistics p50, ${CLIENTS} clients, ${store}`, pct(sorted, 0.5), 'ms'),
    ]
  } finally {
    await service?.stop()
    await issuer.close()
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
    await admin.end()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('order statistics', run)
