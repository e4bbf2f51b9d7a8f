/**
 * CPU cost per request of each process, for the capacity plan (docs/scaling.md). The production builds of
 * the gateway, identity, catalogue and order services run as separate processes (`node dist/main.js`, as
 * in their images, NODE_ENV=production) on throw-away databases; this process sends the load and reads
 * each process's CPU time from /proc before the load and after it (once the processes are idle again, so
 * the event consumers' and outbox relays' work for the requests counts), and the CPU time of the
 * PostgreSQL backends serving each database. CPU time per request, unlike requests per second, hardly depends on what else the machine
 * is doing, so it carries over to a cluster's cores.
 *
 *   npx tsx bench/process-cost.bench.ts     BENCH_VIEWS (3000) BENCH_ORDERS (600) BENCH_CONCURRENCY (16)
 *
 * Linux only (/proc). Everything listens on 127.0.0.1; the load is bounded in count.
 */
import { availableParallelism, loadavg } from 'node:os'
import { pgConfigFromUrl } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { databaseMeter, type Meter, processMeter } from './lib/cpu-meters'
import { BENCH_PG } from './lib/infra'
import { cpuMs } from './lib/proc'
import {
  call,
  createProducts,
  orderBody,
  type ProductProcess,
  type RunningProduct,
  signUpCustomers,
  startProduct,
  waitUntilOrdersPriced,
} from './lib/product'
import { atMost, type BenchRow, info, runAlone } from './lib/report'

const PG = BENCH_PG
const VIEWS = Number(process.env.BENCH_VIEWS ?? 3_000)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600)
const CONCURRENCY = Math.min(64, Number(process.env.BENCH_CONCURRENCY ?? 16))
const PRODUCTS = 30
const CUSTOMERS = 20

const admin = new pg.Client(pgConfigFromUrl(PG))

async function commits(database: string): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = $1',
    [database],
  )
  return Number(rows[0]?.n ?? 0)
}

/**
 * Waits until the processes together use under 5% of a core over half a second (at most 30 s): the event
 * consumers and outbox relays have finished what the requests set off, whose CPU belongs to them too.
 */
async function settle(processes: ProductProcess[]): Promise<void> {
  const total = () => processes.reduce((sum, { slice }) => sum + cpuMs(slice.pid), 0)
  const deadline = Date.now() + 30_000
  let last = total()
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = total()
    if (now - last < 25) return
    last = now
  }
}

/**
 * Runs `count` requests and returns the CPU milliseconds per request of each meter, in order, counted
 * until `processes` are idle again.
 */
async function measure(
  label: string,
  count: number,
  meters: Meter[],
  processes: ProductProcess[],
  work: (n: number) => Promise<boolean>,
): Promise<number[]> {
  for (const meter of meters) await meter.start()
  let next = 0
  let failed = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) if (!(await work(next++))) failed++
    }),
  )
  const seconds = (performance.now() - started) / 1000
  await settle(processes)
  const used = await Promise.all(meters.map((meter) => meter.read()))
  console.log(
    `\n${label}: ${count} in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)}/s here), ${failed} failed`,
  )
  console.log('  CPU per request, by process:')
  for (const [i, meter] of meters.entries()) {
    const perRequest = used[i]! / count
    const perCore = perRequest > 0 ? (1000 / perRequest).toFixed(0) : 'n/a'
    console.log(
      `    ${meter.name.padEnd(28)} ${perRequest.toFixed(2).padStart(7)} ms  (≈ ${perCore}/s per core)`,
    )
  }
  return used.map((ms) => ms / count)
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

async function main(product: RunningProduct): Promise<BenchRow[]> {
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
  )
  const api = product.api
  const find = (name: ProductProcess['name']) => product.processes.find((p) => p.name === name)!
  const [gateway, identity, catalogue, order] = [
    find('gateway'),
    find('identity'),
    find('catalogue'),
    find('order'),
  ]
  const [catalogueDb, orderDb] = [catalogue.database!, order.database!]
  const productIds = await createProducts(product, PRODUCTS)
  const tokens = await signUpCustomers(product, CUSTOMERS)
  const placeOrder = async (n: number) =>
    (await call(api, 'POST', '/order', tokens[n % tokens.length], orderBody(n, productIds))).status === 201
  await waitUntilOrdersPriced(product, tokens[0]!, productIds)
  // Warm-up (JIT, pools, JWKS caches) outside the measurement.
  for (let i = 0; i < 50; i++) {
    await call(api, 'GET', '/product?limit=24')
    await placeOrder(i)
  }

  const catalogueDbMeter = databaseMeter(admin, 'PostgreSQL (catalogue db)', catalogueDb)
  const pageView = await measure(
    'Catalogue page view (GET /product?limit=24 through the gateway)',
    VIEWS,
    [processMeter('gateway', gateway), processMeter('catalogue', catalogue), catalogueDbMeter],
    product.processes,
    async () => (await call(api, 'GET', '/product?limit=24')).status === 200,
  )
  const productPage = await measure(
    'Product page (GET /product/productById through the gateway)',
    VIEWS,
    [processMeter('gateway', gateway), processMeter('catalogue', catalogue), catalogueDbMeter],
    product.processes,
    async (n) =>
      (await call(api, 'GET', `/product/productById?productId=${productIds[n % PRODUCTS]}`)).status === 200,
  )
  const commitsBefore = [await commits(orderDb), await commits(catalogueDb)]
  const orderPlacement = await measure(
    'Order placement (POST /order through the gateway: priced, stock reserved, outbox)',
    ORDERS,
    [
      processMeter('gateway', gateway),
      processMeter('order', order),
      processMeter('catalogue (reservations)', catalogue),
      processMeter('identity', identity),
      databaseMeter(admin, 'PostgreSQL (order db)', orderDb),
      databaseMeter(admin, 'PostgreSQL (catalogue db)', catalogueDb),
    ],
    product.processes,
    placeOrder,
  )
  const [orderCommits, catalogueCommits] = [
    (await commits(orderDb)) - commitsBefore[0]!,
    (await commits(catalogueDb)) - commitsBefore[1]!,
  ]
  console.log(
    `  transactions committed per order: order db ${(orderCommits / ORDERS).toFixed(1)}, catalogue db ${(catalogueCommits / ORDERS).toFixed(1)}`,
  )
  console.log(`machine: load average ${loadavg()[0]!.toFixed(1)} at the end`)
  // Processes only (gateway, services): the databases' share is listed apart.
  return [
    info('CPU per catalogue page view, gateway + catalogue', sum(pageView.slice(0, 2)), 'ms'),
    info('CPU per product page, gateway + catalogue', sum(productPage.slice(0, 2)), 'ms'),
    atMost(
      'CPU per order, gateway + order + catalogue + identity',
      sum(orderPlacement.slice(0, 4)),
      'ms',
      10,
    ),
    info('CPU per order, PostgreSQL backends', sum(orderPlacement.slice(4)), 'ms'),
    info(
      'transactions per order, order + catalogue db',
      (orderCommits + catalogueCommits) / ORDERS,
      'commits',
    ),
  ]
}

/** CPU time per request of each production-built process; run alone with `npm run bench:cost`. */
export async function run(): Promise<BenchRow[]> {
  await admin.connect()
  const product = await startProduct({ tag: 'cost', services: ['identity', 'catalogue', 'order'] })
  try {
    return await main(product)
  } finally {
    await product.stop()
    await admin.end()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('process cost', run)
