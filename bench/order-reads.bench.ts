/**
 * CPU per call of the order service's reads on the scale store's order database (build it first with
 * `npm run bench:scale-orders -- 1000000`): My Orders of the customer with 200 orders, All Orders filtered
 * (first and last pages) and the dashboard statistics, each called one after another in this process with
 * one-connection pools, so the figures are this process's CPU (the service's code: Prisma, JSON, the
 * presenter) and their PostgreSQL backends', per call. Unlike latency they do not depend on how busy
 * the shared machine is; bench/PROFILE.md reads them.
 *
 *   npx tsx bench/order-reads.bench.ts [orders=1000000] [calls=200]
 */
import type { OrderListQuery } from '@medstore/contracts/order'
import { createPool, pgConfigFromUrl, runtimeAdapter } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { listSqlOver } from '../services/order/src/data/order-repository'
import { PrismaClient } from '../services/order/src/generated/prisma/client'
import { orderQueryUseCases } from '../services/order/src/use-cases/order-queries'
import { orderStatisticsUseCases } from '../services/order/src/use-cases/order-statistics'
import { scaleCustomer, scaleOf } from './fixtures/scale-model'
import { BENCH_PG } from './lib/infra'
import { cpuMs } from './lib/proc'

const size = Number(process.argv[2] ?? 1_000_000)
const calls = Number(process.argv[3] ?? 200)
const url = new URL(BENCH_PG)
url.pathname = `/bench_scale_orders_${size}`

const db = new PrismaClient({ adapter: runtimeAdapter(url.toString(), 1) })
const pool = createPool(url.toString(), 1)
const queries = orderQueryUseCases(db, listSqlOver(pool))
const statistics = orderStatisticsUseCases(pool)
const heavy = scaleCustomer(0, scaleOf(size), Date.now()).id
const probe = new pg.Client(pgConfigFromUrl(url.toString()))
await probe.connect()
const { rows } = await probe.query<{ day: string }>(
  `SELECT to_char(max(created_at) AT TIME ZONE 'Asia/Kolkata' - interval '200 days', 'YYYY-MM-DD') AS day FROM orders`,
)
const day = rows[0]!.day

/** The last page of a filtered list, from its (capped) total. */
async function lastPage(query: OrderListQuery): Promise<OrderListQuery> {
  const first = await queries.list({ ...query, page: 1, limit: 10 })
  return { ...query, page: Math.max(1, Math.ceil(first.total / 10)), limit: 10 }
}

const filters: OrderListQuery[] = [
  { status: 'delivered' },
  { status: 'pending' },
  { name: 'sharma' },
  { date: day },
  { price: '12' },
]
const deepPages = await Promise.all(filters.map(lastPage))
const cases: [string, () => Promise<unknown>][] = [
  [
    'My Orders (200 orders), pages 1, 2, 10, 20',
    async () => {
      for (const page of [1, 2, 10, 20]) await queries.list({ page, limit: 10 }, heavy)
    },
  ],
  [
    'All Orders filtered, first pages (5 filters)',
    async () => {
      for (const f of filters) await queries.list({ ...f, page: 1, limit: 10 })
    },
  ],
  [
    'All Orders filtered, last pages (5 filters)',
    async () => {
      for (const q of deepPages) await queries.list(q)
    },
  ],
  ['All Orders, a rare amount (price=512.37)', () => queries.list({ price: '512.37', page: 1, limit: 10 })],
  ['dashboard statistics', () => statistics.dashboard()],
]

/** CPU ms so far of the backends serving this process (the Prisma client's and the pool's connection). */
async function backendsCpu(): Promise<number> {
  const { rows } = await probe.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  )
  return rows.reduce((sum, { pid }) => sum + cpuMs(pid), 0)
}

const perCall = (requests: number) => (ms: number) => (ms / requests).toFixed(2).padStart(7)
console.log(`order database of ${size.toLocaleString('en-IN')} orders, ${calls} calls each (ms per request)`)
console.log('  service   PostgreSQL   read')
for (const [name, work] of cases) {
  const requests = name.includes('pages') ? (name.startsWith('My') ? 4 : 5) : 1
  for (let i = 0; i < 5; i++) await work() // warm-up: plans, caches
  const service = process.cpuUsage()
  const backend = await backendsCpu()
  for (let i = 0; i < calls; i++) await work()
  const used = process.cpuUsage(service)
  const f = perCall(requests * calls)
  console.log(`  ${f((used.user + used.system) / 1000)}   ${f((await backendsCpu()) - backend)}      ${name}`)
}
await db.$disconnect()
await pool.end()
await probe.end()
