/**
 * CPU cost per request of each process, for the capacity plan (docs/scaling.md). The production builds of
 * the gateway, identity, catalogue and order services run as separate processes (`node dist/main.js`, as
 * in their images, NODE_ENV=production) on throw-away databases; this process sends the load and reads
 * each process's CPU time from /proc before and after, and the CPU time of the PostgreSQL backends serving
 * each database. CPU time per request, unlike requests per second, hardly depends on what else the machine
 * is doing, so it carries over to a cluster's cores.
 *
 *   npx tsx bench/process-cost.bench.ts     BENCH_VIEWS (3000) BENCH_ORDERS (600) BENCH_CONCURRENCY (16)
 *
 * Linux only (/proc). Everything listens on 127.0.0.1; the load is bounded in count.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { buildService, stageService } from '../scripts/build-service'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { type BuiltSlice, freePort, runBuiltSlice } from '../scripts/lib/run-built-slice'
import { atMost, type BenchRow, info, runAlone } from './lib/report'

const PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const AMQP = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'
const VIEWS = Number(process.env.BENCH_VIEWS ?? 3_000)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 600)
const CONCURRENCY = Math.min(64, Number(process.env.BENCH_CONCURRENCY ?? 16))
const PRODUCTS = 30
const CUSTOMERS = 20
/** Linux reports CPU time in USER_HZ ticks: 100 a second. */
const MS_PER_TICK = 10

const runId = randomBytes(3).toString('hex')
const repoRoot = path.resolve(import.meta.dirname, '..')
const stageRoot = path.join(repoRoot, '.data', `process-cost-${runId}`)
const admin = new pg.Client(pgConfigFromUrl(PG))
const databases: string[] = []
const running: BuiltSlice[] = []

/** CPU milliseconds (user + system) a process has used so far; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK
  } catch {
    return 0
  }
}

async function backendPids(database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ])
  return rows.map((row) => row.pid)
}

async function commits(database: string): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = $1',
    [database],
  )
  return Number(rows[0]?.n ?? 0)
}

/** CPU milliseconds used by something since start(). */
type Meter = { name: string; start: () => Promise<void>; read: () => Promise<number> }

function processMeter(name: string, slice: BuiltSlice): Meter {
  let before = 0
  return {
    name,
    start: async () => {
      before = cpuMs(slice.pid)
    },
    read: async () => cpuMs(slice.pid) - before,
  }
}

/** A database's backends; one that opened during the measurement counts whole. */
function databaseMeter(name: string, database: string): Meter {
  let before = new Map<number, number>()
  return {
    name,
    start: async () => {
      before = new Map((await backendPids(database)).map((pid) => [pid, cpuMs(pid)]))
    },
    read: async () =>
      (await backendPids(database)).reduce((sum, pid) => sum + cpuMs(pid) - (before.get(pid) ?? 0), 0),
  }
}

/** Runs `count` requests and returns the CPU milliseconds per request of each meter, in order. */
async function measure(
  label: string,
  count: number,
  meters: Meter[],
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

async function call(base: string, method: string, url: string, token?: string, json?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  })
  const text = await response.text()
  // biome-ignore lint/suspicious/noExplicitAny: a bench reads a few fields
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any }
}

async function start(slice: string, port: number, env: Record<string, string>, healthPath = '/health/ready') {
  await buildService(slice)
  const dir = stageService(slice, stageRoot)
  const started = await runBuiltSlice({
    dir,
    port,
    healthPath,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AMQP_URL: AMQP,
      BUS_NAMESPACE: `cost_${runId}`,
      ...env,
    },
  })
  running.push(started)
  return started
}

async function database(service: string): Promise<string> {
  const name = `bench_cost_${runId}_${service}`
  await admin.query(`CREATE DATABASE "${name}"`)
  databases.push(name)
  return name
}

async function main(): Promise<BenchRow[]> {
  await admin.connect()
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
  )
  const [identityDb, catalogueDb, orderDb] = [
    await database('identity'),
    await database('catalogue'),
    await database('order'),
  ]
  const ports = {
    identity: await freePort(),
    catalogue: await freePort(),
    order: await freePort(),
    gateway: await freePort(),
  }
  const jwks = `http://127.0.0.1:${ports.identity}/.well-known/jwks.json`
  const adminPassword = randomBytes(12).toString('hex')
  const internalToken = randomBytes(16).toString('hex')
  const identity = await start('services/identity', ports.identity, {
    PORT: String(ports.identity),
    DATABASE_URL: withDatabase(PG, identityDb),
    JWT_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    ADMIN_EMAIL: 'cost-admin@medstore.test',
    ADMIN_PASSWORD: adminPassword,
  })
  const catalogue = await start('services/catalogue', ports.catalogue, {
    PORT: String(ports.catalogue),
    DATABASE_URL: withDatabase(PG, catalogueDb),
    JWKS_URL: jwks,
    SEED_DEMO_CATALOGUE: 'false',
    INTERNAL_TOKEN: internalToken,
  })
  const order = await start('services/order', ports.order, {
    PORT: String(ports.order),
    DATABASE_URL: withDatabase(PG, orderDb),
    JWKS_URL: jwks,
    CATALOGUE_URL: catalogue.url,
    CATALOGUE_INTERNAL_TOKEN: internalToken,
    PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
  })
  const gateway = await start(
    'gateway',
    ports.gateway,
    {
      GATEWAY_PORT: String(ports.gateway),
      JWKS_URL: jwks,
      IDENTITY_URL: identity.url,
      CATALOGUE_URL: catalogue.url,
      ORDER_URL: order.url,
      SIGNUP_RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '100000',
    },
    '/health/live',
  )
  const api = gateway.url

  const adminToken = (
    await call(api, 'POST', '/auth/login', undefined, {
      email: 'cost-admin@medstore.test',
      password: adminPassword,
    })
  ).body.token
  await call(api, 'POST', '/category', adminToken, { name: 'Ayurvedic' })
  const productIds: string[] = []
  for (let i = 0; i < PRODUCTS; i++) {
    const created = await call(api, 'POST', '/product', adminToken, {
      name: `Cost product ${i}`,
      category: 'Ayurvedic',
      price: 50 + i * 7.25,
      description: 'Benchmark stock',
      stock: 1_000_000,
    })
    if (created.status !== 201)
      throw new Error(`product not created: ${created.status} ${JSON.stringify(created.body)}`)
    productIds.push(created.body._id)
  }
  const tokens: string[] = []
  for (let i = 0; i < CUSTOMERS; i++) {
    const signedUp = await call(api, 'POST', '/auth/sineUp', undefined, {
      firstName: 'Cost',
      lastName: `Customer${i}`,
      userName: `cost_${runId}_${i}`,
      email: `cost-${runId}-${i}@medstore.test`,
      phone: `97${String(10_000_000 + i).padStart(8, '0')}`,
      password: 'cost-password-1',
      cmPassword: 'cost-password-1',
    })
    if (!signedUp.body?.token)
      throw new Error(`sign-up failed: ${signedUp.status} ${JSON.stringify(signedUp.body)}`)
    tokens.push(signedUp.body.token)
  }
  const shippingInfo = {
    customerName: 'Cost Customer',
    phoneNumber: '9876543210',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    addressLine1: '1 Bench Street',
    postalCode: '560001',
    street: 'Bench Street',
    houseNumber: '1',
  }
  const placeOrder = async (n: number) => {
    const lines = 1 + (n % 3)
    const placed = await call(api, 'POST', '/order', tokens[n % tokens.length], {
      items: Array.from({ length: lines }, (_, i) => ({
        productId: productIds[(n * 7 + i) % PRODUCTS]!,
        quantity: 1 + ((n + i) % 3),
        price: 1,
      })),
      shippingInfo,
      paymentType: n % 2 ? 'online' : 'cash',
    })
    return placed.status === 201
  }
  // The order service's product replica fills from product.upserted events: wait until it can price orders.
  for (let attempt = 0; !(await placeOrder(attempt)); attempt++) {
    if (attempt > 200)
      throw new Error('orders still refused after 200 tries: the product replica did not fill')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // Warm-up (JIT, pools, JWKS caches) outside the measurement.
  for (let i = 0; i < 50; i++) {
    await call(api, 'GET', '/product?limit=24')
    await placeOrder(i)
  }

  const catalogueDbMeter = databaseMeter('PostgreSQL (catalogue db)', catalogueDb)
  const pageView = await measure(
    'Catalogue page view (GET /product?limit=24 through the gateway)',
    VIEWS,
    [processMeter('gateway', gateway), processMeter('catalogue', catalogue), catalogueDbMeter],
    async () => (await call(api, 'GET', '/product?limit=24')).status === 200,
  )
  const productPage = await measure(
    'Product page (GET /product/productById through the gateway)',
    VIEWS,
    [processMeter('gateway', gateway), processMeter('catalogue', catalogue), catalogueDbMeter],
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
      databaseMeter('PostgreSQL (order db)', orderDb),
      databaseMeter('PostgreSQL (catalogue db)', catalogueDb),
    ],
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

async function cleanUp() {
  for (const slice of running.reverse()) await slice.stop()
  for (const name of databases)
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
  await admin.end().catch(() => {})
  rmSync(stageRoot, { recursive: true, force: true })
}

/** CPU time per request of each production-built process; run alone with `npm run bench:cost`. */
export async function run(): Promise<BenchRow[]> {
  try {
    return await main()
  } finally {
    await cleanUp()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('process cost', run)
