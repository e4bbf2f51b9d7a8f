/**
 * How each cost grows with the data (issue 35): the store at 10,000, 100,000 and 1,000,000 products and
 * orders (bench/fixtures/scale-data.ts, written with COPY into every service's database), the whole
 * product started as the other benches start it (bench/lib/product.ts), and the issue's table measured
 * through the gateway with 10 clients at each size.
 *
 *   npm run bench:scale                             10k, 100k and 1M (the 1M store takes minutes to build)
 *   BENCH_SCALES=10000,100000 npm run bench:scale   these sizes only; each size's figures are kept in
 *                                                   bench/results/scale.json, so sizes can be run apart
 *   BENCH_SCALE_SECONDS=5                           seconds of load per row (default 5)
 *   BENCH_SCALES= npm run bench:scale                only rewrites scale.md and scale.svg from scale.json
 *
 * Writes bench/results/scale.md (the table: each row at each size, met at the largest) and scale.svg
 * (each row's cost relative to the smallest size, against log n and n). Throw-away databases (bench_scale_*),
 * dropped at the end.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pgConfigFromUrl } from '@medstore/service-kit/prisma'
import { serviceConnections } from '@medstore/service-kit/service-connections'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { fillScaleDatabase } from './fixtures/scale-data'
import {
  HEAVY_CUSTOMER_ORDERS,
  popularProducts,
  SCALE_PASSWORD,
  SCALE_PRODUCT_PREFIX,
  SCALE_SEED,
  type Scale,
  scaleCustomerEmail,
  scaleOf,
} from './fixtures/scale-model'
import { SYNTHETIC_CATEGORIES, syntheticProductId, syntheticProducts } from './fixtures/synthetic-catalogue'
import { databaseMeter, processMeter } from './lib/cpu-meters'
import { closedLoop, type LoadResult, percentile, requestsPerSecond, type Target } from './lib/http-load'
import { BENCH_PG } from './lib/infra'
import { describeMachine, machineLine } from './lib/machine'
import { residentMb } from './lib/proc'
import { BENCH_SHIPPING, call, type RunningProduct, type ServiceName, startProduct } from './lib/product'
import { type BenchRow, runAlone } from './lib/report'
import { type ScaleResults, type ScaleRowSpec, scaleChart, scaleTable } from './lib/scale-report'

const SIZES = (process.env.BENCH_SCALES ?? '10000,100000,1000000')
  .split(',')
  .map(Number)
  .filter((size) => size > 0)
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 5)
const CLIENTS = 10
/** As bench:order's BENCH_WARM_UP_ORDERS. */
const PLACEMENT_WARM_UP_ORDERS = 600
const RESULTS = path.join(import.meta.dirname, 'results')
const RESULTS_FILE = path.join(RESULTS, 'scale.json')

const atMostMs = (max: number) => (v: number) => v <= max
export const SCALE_ROWS: ScaleRowSpec[] = [
  {
    id: 'search-rps',
    figure: 'search by name, salt or a typing slip: throughput',
    unit: 'req/s',
    target: '≥ 1000',
    met: (v) => v >= 1000,
    higherIsBetter: true,
  },
  {
    id: 'search-p95',
    figure: 'search by name, salt or a typing slip: p95',
    unit: 'ms',
    target: '≤ 20',
    met: atMostMs(20),
  },
  {
    id: 'listing-rps',
    figure: 'listing page of 24 with a category filter',
    unit: 'req/s',
    target: '≥ 1500',
    met: (v) => v >= 1500,
    higherIsBetter: true,
  },
  {
    id: 'substitutes-p95',
    figure: 'substitutes of a product: p95',
    unit: 'ms',
    target: '≤ 20',
    met: atMostMs(20),
  },
  {
    id: 'statistics-p95',
    figure: 'back-office dashboard statistics: p95',
    unit: 'ms',
    target: '≤ 100',
    met: atMostMs(100),
  },
  {
    id: 'orders-first-p95',
    figure: 'All Orders filtered (status, name, date, price), first page: p95',
    unit: 'ms',
    target: '≤ 50',
    met: atMostMs(50),
  },
  {
    id: 'orders-deep-p95',
    figure: 'All Orders filtered, last page: p95',
    unit: 'ms',
    target: '≤ 50',
    met: atMostMs(50),
  },
  {
    id: 'my-orders-p95',
    figure: `My Orders of a customer with ${HEAVY_CUSTOMER_ORDERS} orders: p95`,
    unit: 'ms',
    target: '≤ 20',
    met: atMostMs(20),
  },
  {
    id: 'pharmacy-p95',
    figure: 'prescription queue and a month of dispensing register: p95',
    unit: 'ms',
    target: '≤ 50',
    met: atMostMs(50),
  },
  {
    id: 'placement-rps',
    figure: 'order placement: throughput',
    unit: 'orders/s',
    target: '≥ 300',
    met: (v) => v >= 300,
    higherIsBetter: true,
  },
  { id: 'placement-p95', figure: 'order placement: p95', unit: 'ms', target: '≤ 100', met: atMostMs(100) },
  {
    id: 'catalogue-rss',
    figure: 'catalogue resident memory after the load',
    unit: 'MB',
    target: '≤ 400',
    met: atMostMs(400),
  },
  {
    id: 'restart-to-search',
    figure: 'catalogue restart to first search answered',
    unit: 's',
    target: '≤ 30',
    met: (v) => v <= 30,
  },
  {
    id: 'edit-visible',
    figure: 'a product edit visible in search',
    unit: 's',
    target: '≤ 1',
    met: (v) => v <= 1,
  },
  ...(
    [
      ['search', 'search'],
      ['listing', 'category listing'],
      ['substitutes', 'substitutes'],
      ['statistics', 'dashboard statistics'],
      ['orders-first', 'All Orders, first pages'],
      ['orders-deep', 'All Orders, last pages'],
      ['my-orders', 'My Orders'],
      ['pharmacy', 'prescription queue and register'],
      ['placement', 'order placement'],
    ] as const
  ).map(([id, what]) => ({
    id: `${id}-cpu`,
    figure: `${what}: CPU per request, service + its PostgreSQL`,
    unit: 'ms',
    chart: true,
  })),
]

const p95 = (r: LoadResult) => percentile(r.latenciesMs, 0.95)
const indianDay = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10)

async function token(api: string, email: string, password: string): Promise<string> {
  const signedIn = await call(api, 'POST', '/auth/login', undefined, { email, password })
  if (!signedIn.body?.token) throw new Error(`${email} could not sign in: ${signedIn.status}`)
  return signedIn.body.token
}

/** Closed loop of CLIENTS over `target`; fails loudly when answers are not 200 (a figure of errors is no figure). */
async function load(port: number, label: string, target: Target): Promise<LoadResult> {
  const result = await closedLoop(port, target, SECONDS, CLIENTS)
  console.log(
    `  ${label}: ${requestsPerSecond(result).toFixed(0)} req/s, p50 ${percentile(result.latenciesMs, 0.5).toFixed(1)} ms, p95 ${p95(result).toFixed(1)} ms${result.errors ? `, ${result.errors} ERRORS` : ''}`,
  )
  if (result.errors > result.requests / 100)
    throw new Error(`${label}: ${result.errors} of ${result.requests} failed`)
  return result
}

/** The last page of a filtered All Orders list (from the first page's total). */
async function lastPage(api: string, admin: string, query: string, limit: number): Promise<string> {
  const first = await call(api, 'GET', `/order?${query}&page=1&limit=${limit}`, admin)
  if (first.status !== 200)
    throw new Error(`All Orders ${query}: ${first.status} ${JSON.stringify(first.body)}`)
  const pages = Math.max(1, Math.ceil(Number(first.body.total) / limit))
  return `/order?${query}&page=${pages}&limit=${limit}`
}

/** CLIENTS placing cash orders of popular over-the-counter products for SECONDS. */
async function placeOrders(api: string, tokens: string[], scale: Scale) {
  const otc = popularProducts(scale)
    .filter((p) => p.schedule === 'OTC' && p.stock >= 200)
    .slice(0, 200)
    .map((p) => p.id)
  const connections = serviceConnections({ connections: CLIENTS })
  let n = 0
  let placed = 0
  const latencies: number[] = []
  const failures = new Map<number, number>()
  const place = async () => {
    const i = n++
    const started = process.hrtime.bigint()
    const res = await connections.request({
      origin: api,
      path: '/order',
      method: 'POST',
      headers: { authorization: `bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: otc[i % otc.length]!, quantity: 1, price: 1 }],
        shippingInfo: BENCH_SHIPPING,
        paymentType: 'cash',
      }),
    })
    await res.body.text()
    if (res.statusCode === 201) {
      placed++
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6)
    } else failures.set(res.statusCode, (failures.get(res.statusCode) ?? 0) + 1)
  }
  const run = async (more: () => boolean) => {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (more()) await place()
      }),
    )
  }
  // Warm-up as bench:order warms: a number of orders, not a second. The other rows warm the catalogue's
  // reads, not placing: seven processes compiling the placement path (the order service, the catalogue's
  // reservation, the consumers of order.created): after a 1 s warm-up the row read 296 orders/s at 10,000,
  // after 600 orders 344, after 4 s 373 (7 Dec) — a fresh process's first seconds, not a shop up for a day.
  await run(() => n < PLACEMENT_WARM_UP_ORDERS)
  latencies.length = 0
  const started = Date.now()
  const deadline = started + SECONDS * 1000
  await run(() => Date.now() < deadline)
  const seconds = (Date.now() - started) / 1000
  const sorted = Float64Array.from(latencies).sort()
  await connections.close()
  if (failures.size)
    console.log(`  order placement failures by status: ${JSON.stringify(Object.fromEntries(failures))}`)
  return { perSecond: latencies.length / seconds, p95: percentile(sorted, 0.95), requests: placed }
}

/** Renames the store's first product through the gateway (the back office's form) and polls search for the new name. */
async function editVisibleSeconds(api: string, admin: string): Promise<number> {
  const first = syntheticProducts(1, SCALE_SEED).next().value!
  const marker = `Scaleedit${Date.now().toString(36)}`
  const form = new FormData()
  form.set('name', `${first.name} ${marker}`)
  form.set('category', first.category)
  form.set('price', String(first.pricePaise / 100))
  form.set('mrp', String(first.mrpPaise / 100))
  form.set('description', first.description)
  const started = Date.now()
  const res = await fetch(`${api}/product?productId=${syntheticProductId(SCALE_PRODUCT_PREFIX, 0)}`, {
    method: 'PUT',
    headers: { authorization: `bearer ${admin}` },
    body: form,
  })
  if (!res.ok) throw new Error(`PUT /product answered ${res.status}: ${await res.text()}`)
  for (;;) {
    const found = await call(api, 'GET', `/product?q=${marker}&limit=24`)
    if (found.body?.products?.length) return (Date.now() - started) / 1000
    if (Date.now() - started > 30_000) throw new Error('not in search after 30 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function measure(product: RunningProduct, scale: Scale, now: number): Promise<Record<string, number>> {
  const api = product.api
  const port = Number(new URL(api).port)
  const adminToken = await token(api, product.admin.email, product.admin.password)
  const heavy = await token(api, scaleCustomerEmail(0), SCALE_PASSWORD)
  const shoppers = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => token(api, scaleCustomerEmail(1 + i), SCALE_PASSWORD)),
  )
  const figures: Record<string, number> = {}
  const auth = (t: string) => ({ authorization: `bearer ${t}` })
  const admin = new pg.Client(pgConfigFromUrl(BENCH_PG))
  await admin.connect()
  /**
   * Runs a row's load and records the CPU per request of the services that answer it and their databases'
   * PostgreSQL backends: unlike latency, that barely depends on how busy the shared machine is.
   */
  const metered = async <T extends { requests: number }>(
    id: string,
    names: ServiceName[],
    work: () => Promise<T>,
  ) => {
    const meters = product.processes
      .filter((p) => (names as string[]).includes(p.name))
      .flatMap((p) => [processMeter(p.name, p), databaseMeter(admin, `${p.name} database`, p.database!)])
    for (const meter of meters) await meter.start()
    const result = await work()
    const used = (await Promise.all(meters.map((meter) => meter.read()))).reduce((a, b) => a + b, 0)
    const perRequest = used / Math.max(1, result.requests)
    figures[`${id}-cpu`] = perRequest
    console.log(`    CPU per request (${names.join(' + ')} and PostgreSQL): ${perRequest.toFixed(2)} ms`)
    return result
  }

  const terms = [
    'paracetamol',
    'ashwagandha',
    'cetirizine 10',
    'zenova',
    'domperidone',
    'paracetmol',
    'ashwagandah',
  ]
  const search = await metered('search', ['catalogue'], () =>
    load(port, 'search', {
      paths: terms.map((t) => `/product?q=${encodeURIComponent(t)}&limit=24`),
    }),
  )
  figures['search-rps'] = requestsPerSecond(search)
  figures['search-p95'] = p95(search)

  const listing = await metered('listing', ['catalogue'], () =>
    load(port, 'listing by category', {
      paths: SYNTHETIC_CATEGORIES.flatMap((c) =>
        [1, 2, 5].map((page) => `/product?category=${encodeURIComponent(c)}&limit=24&page=${page}`),
      ),
    }),
  )
  figures['listing-rps'] = requestsPerSecond(listing)

  const step = Math.max(1, Math.floor(scale.products / 50))
  const substitutes = await metered('substitutes', ['catalogue'], () =>
    load(port, 'substitutes', {
      paths: Array.from(
        { length: 50 },
        (_, i) => `/product/substitutes?productId=${syntheticProductId(SCALE_PRODUCT_PREFIX, i * step)}`,
      ),
    }),
  )
  figures['substitutes-p95'] = p95(substitutes)

  const statistics = await metered('statistics', ['order'], () =>
    load(port, 'dashboard statistics', {
      paths: ['/order/statistics'],
      headers: auth(adminToken),
    }),
  )
  figures['statistics-p95'] = p95(statistics)

  const day = indianDay(now - 200 * 86_400_000)
  const filters = ['status=delivered', 'status=pending', 'name=sharma', `date=${day}`, 'price=12']
  const firstPages = await metered('orders-first', ['order'], () =>
    load(port, 'All Orders, first pages', {
      paths: filters.map((f) => `/order?${f}&page=1&limit=10`),
      headers: auth(adminToken),
    }),
  )
  figures['orders-first-p95'] = p95(firstPages)
  const deepPaths = await Promise.all(filters.map((f) => lastPage(api, adminToken, f, 10)))
  console.log(`  last pages: ${deepPaths.join(' ')}`)
  const deepPages = await metered('orders-deep', ['order'], () =>
    load(port, 'All Orders, last pages', { paths: deepPaths, headers: auth(adminToken) }),
  )
  figures['orders-deep-p95'] = p95(deepPages)

  const myOrders = await metered('my-orders', ['order'], () =>
    load(port, 'My Orders', {
      paths: [1, 2, 10, 20].map((page) => `/order/user-order?page=${page}&limit=10`),
      headers: auth(heavy),
    }),
  )
  figures['my-orders-p95'] = p95(myOrders)

  const pharmacy = await metered('pharmacy', ['prescription'], () =>
    load(port, 'prescription queue and register', {
      paths: [
        '/prescription/admin/queue?page=1&limit=20',
        `/prescription/admin/register?from=${indianDay(now - 30 * 86_400_000)}&to=${indianDay(now)}&page=1&limit=50`,
        `/prescription/admin/register?from=${indianDay(now - 400 * 86_400_000)}&to=${indianDay(now - 370 * 86_400_000)}&page=1&limit=50`,
      ],
      headers: auth(adminToken),
    }),
  )
  figures['pharmacy-p95'] = p95(pharmacy)

  const placement = await metered('placement', ['order', 'catalogue'], () =>
    placeOrders(api, shoppers, scale),
  )
  console.log(
    `  order placement: ${placement.perSecond.toFixed(0)} orders/s, p95 ${placement.p95.toFixed(1)} ms`,
  )
  figures['placement-rps'] = placement.perSecond
  figures['placement-p95'] = placement.p95

  const edited = await editVisibleSeconds(api, adminToken).catch((error: Error) => {
    console.log(`  product edit visible in search: not measured (${error.message})`)
    return undefined
  })
  if (edited !== undefined) {
    figures['edit-visible'] = edited
    console.log(`  product edit visible in search after ${edited.toFixed(2)} s`)
  }

  const catalogue = product.processes.find((p) => p.name === 'catalogue')!
  figures['catalogue-rss'] = residentMb(catalogue.slice.pid)
  console.log(`  catalogue RSS ${figures['catalogue-rss'].toFixed(0)} MB`)

  const restarted = Date.now()
  await product.restart('catalogue')
  for (;;) {
    const answer = await call(api, 'GET', '/product?q=paracetamol&limit=24')
    if (answer.status === 200 && answer.body.products?.length) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  figures['restart-to-search'] = (Date.now() - restarted) / 1000
  await admin.end()
  console.log(`  catalogue restart to search: ${figures['restart-to-search'].toFixed(1)} s`)
  return figures
}

function readResults(): ScaleResults {
  return existsSync(RESULTS_FILE)
    ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as ScaleResults)
    : { machine: '', sizes: {} }
}

/** Writes scale.json, scale.md and scale.svg from every size measured so far. */
function writeResults(results: ScaleResults) {
  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`)
  const notes = Object.entries(results.sizes)
    .map(
      ([size, r]) =>
        `- ${Number(size).toLocaleString('en-IN')}: measured ${r.when}, ${r.load}${r.notes?.length ? `; ${r.notes.join('; ')}` : ''}`,
    )
    .join('\n')
  writeFileSync(
    path.join(RESULTS, 'scale.md'),
    `${scaleTable(SCALE_ROWS, results)}\n\nMachine: ${results.machine}.\n\n${notes}\n\nChart: [scale.svg](scale.svg)\n`,
  )
  writeFileSync(path.join(RESULTS, 'scale.svg'), scaleChart(SCALE_ROWS, results))
}

/** Builds the store at each size, measures the table, keeps the figures; run alone with `npm run bench:scale`. */
export async function run(): Promise<BenchRow[]> {
  const results = readResults()
  results.machine = machineLine(describeMachine())
  for (const size of SIZES) {
    const scale = scaleOf(size)
    const now = Date.now()
    console.log(
      `\n${size.toLocaleString('en-IN')} products and orders, ${scale.customers.toLocaleString('en-IN')} customers:`,
    )
    const building = Date.now()
    const product = await startProduct({
      tag: 'scale',
      prepareDatabase: async (name, url) => {
        await fillScaleDatabase(name, url, scale, now)
      },
    })
    const buildSeconds = (Date.now() - building) / 1000
    console.log(`  store built and product started in ${buildSeconds.toFixed(0)} s`)
    try {
      const loadBefore = describeMachine().loadAverage
      const figures = await measure(product, scale, now)
      results.sizes[String(size)] = {
        when: new Date().toISOString(),
        load: `load average ${loadBefore} before, ${describeMachine().loadAverage} after (other sessions' work included)`,
        figures,
        notes: [`store built and product started in ${buildSeconds.toFixed(0)} s`],
      }
      writeResults(results)
    } finally {
      await product.stop()
    }
  }
  writeResults(results)
  console.log(`\n${scaleTable(SCALE_ROWS, results)}`)
  const largest = String(Math.max(0, ...Object.keys(results.sizes).map(Number)))
  return SCALE_ROWS.flatMap((row) => {
    const value = results.sizes[largest]?.figures[row.id]
    return value === undefined
      ? []
      : [
          {
            figure: `${row.figure} (${Number(largest).toLocaleString('en-IN')})`,
            value,
            unit: row.unit,
            target: row.target,
            met: row.met?.(value),
          },
        ]
  })
}

if (invokedDirectly(import.meta.url)) await runAlone('scale', run)
