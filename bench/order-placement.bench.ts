/**
 * Order placement through the gateway, with the whole product running as in production: the six services
 * and the gateway from their production builds, each its own process (bench/lib/product.ts), so the
 * consumers of order.created (cart, review, messaging, the catalogue) and the product replicas spend their
 * CPU on the same two cores while orders are placed. Signed-in customers place orders of 1–3 lines (priced
 * from the order service's replica, stock reserved in the catalogue, half cash and half online through the
 * sandbox provider). Prints throughput and latency percentiles, then confirms that every placed order's
 * order.created event reached the broker.
 *
 * Until the fifth session of 26 Nov it ran identity, catalogue, order and the gateway in the bench's own
 * process, on one event loop with the load generator and without the consumers: neither what production
 * runs nor what it pays.
 *
 * Run: npm run bench:order   Knobs: BENCH_ORDERS (default 2000, after BENCH_WARM_UP_ORDERS 600),
 * BENCH_CONCURRENCY (20), BENCH_CUSTOMERS (20), BENCH_PRODUCTS (30).
 */
import { pgConfigFromUrl } from '@medstore/service-kit/prisma'
import { serviceConnections } from '@medstore/service-kit/service-connections'
import amqp from 'amqplib'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { databaseMeter, machineMeter, processMeter } from './lib/cpu-meters'
import { BENCH_AMQP, BENCH_PG } from './lib/infra'
import {
  createProducts,
  orderBody,
  type RunningProduct,
  signUpCustomers,
  startProduct,
  waitUntilOrdersPriced,
} from './lib/product'
import { atLeast, atMost, type BenchRow, info, runAlone } from './lib/report'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20)
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 30)
// Fresh production processes: the first seconds of load are V8 compiling the hot paths of seven processes
// at once, which a shop that has been up for a day does not pay. Warmed at the same concurrency.
const WARM_UP_ORDERS = Number(process.env.BENCH_WARM_UP_ORDERS ?? 600)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

/** Every order.created on the product's bus, by order id: bound before the first order is placed. */
async function listenForOrdersCreated(product: RunningProduct) {
  const connection = await amqp.connect(BENCH_AMQP)
  const channel = await connection.createChannel()
  const exchange = `${product.busNamespace}.medstore.events`
  await channel.assertExchange(exchange, 'topic', { durable: true, autoDelete: true })
  const { queue } = await channel.assertQueue('', { exclusive: true })
  await channel.bindQueue(queue, exchange, 'order.created')
  const created = new Set<string>()
  await channel.consume(queue, (msg) => msg && created.add(JSON.parse(msg.content.toString()).data.orderId), {
    noAck: true,
  })
  return { created, close: () => connection.close() }
}

type Placed = { ms: number; status: number; id: string }

async function measure(product: RunningProduct, admin: pg.Client): Promise<BenchRow[]> {
  const productIds = await createProducts(product, PRODUCTS)
  const tokens = await signUpCustomers(product, CUSTOMERS)
  await waitUntilOrdersPriced(product, tokens[0]!, productIds)
  const broker = await listenForOrdersCreated(product)

  // The load generator shares the two cores with the product: undici's dispatcher on kept connections costs
  // it about a third of what fetch did (1.5 ms of CPU per order), which the product then has for itself.
  const connections = serviceConnections({ connections: CONCURRENCY })
  const place = async (n: number): Promise<Placed> => {
    const started = process.hrtime.bigint()
    const res = await connections.request({
      origin: product.api,
      path: '/order',
      method: 'POST',
      headers: { authorization: `bearer ${tokens[n % tokens.length]}`, 'content-type': 'application/json' },
      body: JSON.stringify(orderBody(n, productIds)),
    })
    const body = (await res.body.json()) as { order?: { _id?: string } }
    return {
      ms: Number(process.hrtime.bigint() - started) / 1e6,
      status: res.statusCode,
      id: body.order?._id as string,
    }
  }
  const placeConcurrently = async (from: number, to: number, each: (result: Placed) => void) => {
    let next = from
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < to) each(await place(next++))
      }),
    )
  }
  await placeConcurrently(0, WARM_UP_ORDERS, () => {}) // JIT, connection pools, JWKS caches

  const meters = [
    machineMeter(),
    ...product.processes.map((p) => processMeter(p.name, p)),
    ...product.processes.flatMap((p) =>
      p.database ? [databaseMeter(admin, `PostgreSQL ${p.name}`, p.database)] : [],
    ),
  ]
  for (const meter of meters) await meter.start()
  const benchBefore = process.cpuUsage()
  const latencies: number[] = []
  const placed: string[] = []
  const failures = new Map<number, number>()
  const started = process.hrtime.bigint()
  await placeConcurrently(WARM_UP_ORDERS, WARM_UP_ORDERS + ORDERS, (result) => {
    latencies.push(result.ms)
    if (result.status === 201) placed.push(result.id)
    else failures.set(result.status, (failures.get(result.status) ?? 0) + 1)
  })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const used = await Promise.all(meters.map((meter) => meter.read()))
  const bench = process.cpuUsage(benchBefore)
  const perOrder = (ms: number) => (ms / Math.max(1, placed.length)).toFixed(2)
  const sorted = latencies.sort((a, b) => a - b)
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`
  console.log(
    `order placement via gateway, whole product: ${placed.length}/${ORDERS} orders (1–3 lines, ${CONCURRENCY} concurrent, ${CUSTOMERS} customers) in ${seconds.toFixed(2)} s = ${(placed.length / seconds).toFixed(1)} orders/s`,
  )
  console.log(
    `latency: p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted.at(-1)!)}`,
  )
  console.log(
    `CPU ms per order while placing: ${meters.map((meter, i) => `${meter.name} ${perOrder(used[i]!)}`).join(', ')}, load generator ${perOrder((bench.user + bench.system) / 1000)}`,
  )
  if (failures.size) console.log(`failures by status: ${JSON.stringify(Object.fromEntries(failures))}`)

  const waitStarted = Date.now()
  const missing = () => placed.filter((id) => !broker.created.has(id))
  while (missing().length && Date.now() - waitStarted < 30_000) await new Promise((r) => setTimeout(r, 20))
  const lost = missing()
  console.log(
    lost.length
      ? `order.created: ${placed.length - lost.length}/${placed.length} reached the broker; MISSING ${lost.length}`
      : `order.created: ${placed.length}/${placed.length} reached the broker (last one ${Date.now() - waitStarted} ms after the last order was placed)`,
  )
  await broker.close()
  await connections.close()
  const failed = [...failures.values()].reduce((sum, n) => sum + n, 0)
  return [
    atLeast(`orders/s, ${CONCURRENCY} concurrent (1–3 lines)`, placed.length / seconds, 'orders/s', 200),
    atMost('order placement p95', percentile(sorted, 95), 'ms', 100),
    info('order placement p50', percentile(sorted, 50), 'ms'),
    info('order placement p99', percentile(sorted, 99), 'ms'),
    atMost('orders refused or failed', failed, 'orders', 0),
    atMost('order.created events missing at the broker', lost.length, 'events', 0),
    info('CPU per order while placing, whole machine', used[0]! / placed.length, 'ms'),
  ]
}

/** Order placement through the gateway; run alone with `npm run bench:order`. */
export async function run(): Promise<BenchRow[]> {
  const admin = new pg.Client(pgConfigFromUrl(BENCH_PG))
  await admin.connect()
  const product = await startProduct({ tag: 'order' }).catch(async (err) => {
    await admin.end()
    throw err
  })
  try {
    return await measure(product, admin)
  } finally {
    await product.stop()
    await admin.end()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('order placement', run)
