/**
 * Order placement through the gateway: signed-in customers (real identity service) place orders of 1–3
 * lines (priced from the order service's replica, stock reserved in the real catalogue, half cash and half
 * online through the sandbox provider). Prints throughput and latency percentiles, then confirms that every
 * placed order's order.created event reached the broker.
 *
 * Run: npx tsx bench/order-placement.bench.ts   (DATABASE_URL / AMQP_URL, else the local servers)
 * Knobs: BENCH_ORDERS (default 1000), BENCH_CONCURRENCY (20), BENCH_CUSTOMERS (20), BENCH_PRODUCTS (30).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLogger, loadConfig, type RunningService, startService } from '@medstore/service-kit'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import amqp from 'amqplib'
import pg from 'pg'
import { createGateway } from '../gateway/src/app'
import { gatewayEnv } from '../gateway/src/config'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { catalogueService } from '../services/catalogue/src/service'
import { identityService } from '../services/identity/src/service'
import { orderService } from '../services/order/src/service'
import { BENCH_AMQP, BENCH_PG } from './lib/infra'
import { atLeast, atMost, type BenchRow, info, runAlone } from './lib/report'

const PG = BENCH_PG
const AMQP = BENCH_AMQP
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20)
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 30)

const runId = randomBytes(3).toString('hex')
const namespace = `bench_order_${runId}`
const admin = new pg.Client(pgConfigFromUrl(PG))
const databases: string[] = []
const services: RunningService<unknown, unknown>[] = []
let gatewayServer: Server | undefined
let dataDir = ''

async function database(name: string): Promise<string> {
  const db = `bench_${name}_${runId}`
  await admin.query(`CREATE DATABASE "${db}"`)
  databases.push(db)
  return withDatabase(PG, db)
}

async function start<T>(definition: T, name: string, env: Record<string, string>) {
  const service = await startService(definition as never, {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: '0',
    DATABASE_URL: await database(name),
    AMQP_URL: AMQP,
    BUS_NAMESPACE: namespace,
    ...env,
  })
  services.push(service as RunningService<unknown, unknown>)
  return service as RunningService<unknown, unknown>
}

async function call(base: string, method: string, url: string, token?: string, json?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: a bench reads a few fields
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function main(): Promise<BenchRow[]> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'medstore-bench-'))
  await admin.connect()
  const adminEmail = 'bench-admin@medstore.test'
  const adminPassword = `Bench-${runId}-password`
  const identity = await start(identityService, 'identity', {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
  })
  const JWKS_URL = `${identity.url}/.well-known/jwks.json`
  const catalogue = await start(catalogueService, 'catalogue', { JWKS_URL, SEED_DEMO_CATALOGUE: 'false' })
  const order = await start(orderService, 'order', { JWKS_URL, CATALOGUE_URL: catalogue.url })
  const config = loadConfig(gatewayEnv, {
    GATEWAY_PORT: '0',
    LOG_LEVEL: 'warn',
    JWKS_URL,
    IDENTITY_URL: identity.url,
    CATALOGUE_URL: catalogue.url,
    ORDER_URL: order.url,
    SIGNUP_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '100000',
  })
  gatewayServer = createGateway(config, createLogger('gateway', 'warn')).listen(0)
  await new Promise((resolve) => gatewayServer!.once('listening', resolve))
  const gateway = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`

  // Listen for order.created before the first order is placed.
  const connection = await amqp.connect(AMQP)
  const channel = await connection.createChannel()
  await channel.assertExchange(order.bus.events, 'topic', { durable: true, autoDelete: order.bus.transient })
  const { queue } = await channel.assertQueue('', { exclusive: true })
  await channel.bindQueue(queue, order.bus.events, 'order.created')
  const created = new Set<string>()
  await channel.consume(queue, (msg) => msg && created.add(JSON.parse(msg.content.toString()).data.orderId), {
    noAck: true,
  })

  const adminToken = (
    await call(gateway, 'POST', '/auth/login', undefined, { email: adminEmail, password: adminPassword })
  ).body.token
  await call(gateway, 'POST', '/category', adminToken, { name: 'Ayurvedic' })
  const productIds: string[] = []
  for (let i = 0; i < PRODUCTS; i++) {
    const res = await call(gateway, 'POST', '/product', adminToken, {
      name: `Bench product ${i}`,
      category: 'Ayurvedic',
      price: 50 + i * 7.25,
      description: 'Benchmark stock',
      stock: 1_000_000,
    })
    if (res.status !== 201) throw new Error(`product not created: ${res.status} ${JSON.stringify(res.body)}`)
    productIds.push(res.body._id)
  }
  const replica = (order as RunningService<{ product: { count(): Promise<number> } }, unknown>).db.product
  while ((await replica.count()) < PRODUCTS) await new Promise((r) => setTimeout(r, 50))

  const tokens: string[] = []
  for (let i = 0; i < CUSTOMERS; i++) {
    const res = await call(gateway, 'POST', '/auth/sineUp', undefined, {
      firstName: 'Bench',
      lastName: `Customer${i}`,
      userName: `bench_${runId}_${i}`,
      email: `bench-${runId}-${i}@medstore.test`,
      phone: `98${String(10_000_000 + i).padStart(8, '0')}`,
      password: 'bench-password-1',
      cmPassword: 'bench-password-1',
    })
    if (!res.body?.token) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`)
    tokens.push(res.body.token)
  }

  const shippingInfo = {
    customerName: 'Bench Customer',
    phoneNumber: '9876543210',
    country: 'India',
    state: 'Karnataka',
    city: 'Bengaluru',
    addressLine1: '1 Bench Street',
    postalCode: '560001',
    street: 'Bench Street',
    houseNumber: '1',
  }
  const orderBody = (n: number) => {
    const lines = 1 + (n % 3)
    const start = (n * 7) % PRODUCTS
    return {
      items: Array.from({ length: lines }, (_, i) => ({
        productId: productIds[(start + i) % PRODUCTS]!,
        quantity: 1 + ((n + i) % 3),
        price: 1,
      })),
      shippingInfo,
      paymentType: n % 2 ? 'online' : 'cash',
    }
  }
  const place = async (n: number) => {
    const started = process.hrtime.bigint()
    const res = await call(gateway, 'POST', '/order', tokens[n % tokens.length], orderBody(n))
    return {
      ms: Number(process.hrtime.bigint() - started) / 1e6,
      status: res.status,
      id: res.body?.order?._id as string,
    }
  }

  for (let i = 0; i < 50; i++) await place(i) // warm-up (JIT, connection pools, JWKS cache)

  const latencies: number[] = []
  const placed: string[] = []
  const failures = new Map<number, number>()
  let next = 0
  const started = process.hrtime.bigint()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS) {
        const result = await place(next++)
        latencies.push(result.ms)
        if (result.status === 201) placed.push(result.id)
        else failures.set(result.status, (failures.get(result.status) ?? 0) + 1)
      }
    }),
  )
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const sorted = latencies.sort((a, b) => a - b)
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`
  console.log(
    `order placement via gateway: ${placed.length}/${ORDERS} orders (1–3 lines, ${CONCURRENCY} concurrent, ${CUSTOMERS} customers) in ${seconds.toFixed(2)} s = ${(placed.length / seconds).toFixed(1)} orders/s`,
  )
  console.log(
    `latency: p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted.at(-1)!)}`,
  )
  if (failures.size) console.log(`failures by status: ${JSON.stringify(Object.fromEntries(failures))}`)

  const waitStarted = Date.now()
  const missing = () => placed.filter((id) => !created.has(id))
  while (missing().length && Date.now() - waitStarted < 30_000) await new Promise((r) => setTimeout(r, 20))
  const lost = missing()
  console.log(
    lost.length
      ? `order.created: ${placed.length - lost.length}/${placed.length} reached the broker; MISSING ${lost.length}`
      : `order.created: ${placed.length}/${placed.length} reached the broker (last one ${Date.now() - waitStarted} ms after the last order was placed)`,
  )
  await connection.close()
  const failed = [...failures.values()].reduce((sum, n) => sum + n, 0)
  return [
    atLeast(`orders/s, ${CONCURRENCY} concurrent (1–3 lines)`, placed.length / seconds, 'orders/s', 200),
    atMost('order placement p95', percentile(sorted, 95), 'ms', 100),
    info('order placement p50', percentile(sorted, 50), 'ms'),
    info('order placement p99', percentile(sorted, 99), 'ms'),
    atMost('orders refused or failed', failed, 'orders', 0),
    atMost('order.created events missing at the broker', lost.length, 'events', 0),
  ]
}

/** Order placement through the gateway; run alone with `npm run bench:order`. */
export async function run(): Promise<BenchRow[]> {
  try {
    return await main()
  } finally {
    await cleanUp()
  }
}

async function cleanUp() {
  await new Promise((resolve) => (gatewayServer ? gatewayServer.close(resolve) : resolve(undefined)))
  for (const service of services.reverse()) await service.stop().catch(() => undefined)
  for (const db of databases)
    await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined)
  await admin.end()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}

if (invokedDirectly(import.meta.url)) await runAlone('order placement', run)
