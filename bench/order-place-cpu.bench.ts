/**
 * CPU per order placed by the order service's place-order use case on the scale store's order database
 * (a million orders in the tables; build it first with `npm run bench:scale-orders -- 1000000`): orders of
 * 1–3 lines, half cash and half online (sandbox link), as the checkout sends them (with an Idempotency-Key)
 * and without one, placed one after another in this process on one-connection pools. The figures are this
 * process's CPU (the service's code: SQL, JSON, the presenter) and its PostgreSQL backends', per order,
 * which do not depend on how busy the shared machine is. The catalogue's reservation is answered in
 * process (its cost is the catalogue's, measured by bench:order); the outbox relay is not run, so its
 * publishing is not counted either. The orders it places are deleted at the end.
 *
 *   npx tsx bench/order-place-cpu.bench.ts [orders=1000000] [calls=400]
 */
import { randomUUID } from 'node:crypto'
import { createOrderRequest } from '@medstore/contracts/order'
import { createLogger, ensureEventStore, sqlOver } from '@medstore/service-kit'
import { createPool, pgConfigFromUrl, runtimeAdapter } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { deliverySettingsStore } from '../services/order/src/delivery/delivery-settings-store'
import { deliveryUseCases } from '../services/order/src/delivery/delivery-use-cases'
import { pinDirectory } from '../services/order/src/delivery/pin-directory'
import { PrismaClient } from '../services/order/src/generated/prisma/client'
import { SandboxPayments } from '../services/order/src/payment/sandbox'
import { type OrderInput, placeOrderUseCases } from '../services/order/src/use-cases/place-order'
import { scaleCustomer, scaleOf } from './fixtures/scale-model'
import { BENCH_PG } from './lib/infra'
import { cpuMs } from './lib/proc'
import { BENCH_SHIPPING } from './lib/product'

const size = Number(process.argv[2] ?? 1_000_000)
const calls = Number(process.argv[3] ?? 400)
const url = new URL(BENCH_PG)
url.pathname = `/bench_scale_orders_${size}`

const db = new PrismaClient({ adapter: runtimeAdapter(url.toString(), 1) })
const sql = createPool(url.toString(), 1)
await ensureEventStore(sql) // the relay's tables, as the service makes them at start
const placing = placeOrderUseCases({
  db,
  sql,
  stock: { reserve: async () => ({ ok: true }), release: async () => {} },
  payments: new SandboxPayments('bench-secret'),
  addresses: {
    shellUrl: 'http://shop.test',
    publicApiUrl: 'http://api.test',
    shopOrigins: ['http://shop.test'],
  },
  linkLifetimeMs: 15 * 60_000,
  logger: createLogger('order-bench', 'error'),
  delivery: deliveryUseCases(deliverySettingsStore(sqlOver(sql)), pinDirectory()),
})

const probe = new pg.Client(pgConfigFromUrl(url.toString()))
await probe.connect()
const { rows: products } = await probe.query<{ id: string }>(
  `SELECT id FROM product WHERE NOT deleted AND schedule = 'OTC' AND price_paise > 0 ORDER BY id LIMIT 30`,
)
if (products.length < 30) throw new Error('no products in the replica: build the order database first')
const customers = Array.from({ length: 20 }, (_, i) => scaleCustomer(i, scaleOf(size), Date.now()).id)
const seqBefore = (await probe.query<{ n: number }>('SELECT max(seq)::int AS n FROM orders')).rows[0]!.n

// As the router hands it over: parsed by the contract (its defaults filled in).
const order = (n: number): OrderInput =>
  createOrderRequest.parse({
    items: Array.from({ length: 1 + (n % 3) }, (_, i) => ({
      productId: products[(n * 7 + i) % products.length]!.id,
      quantity: 1 + ((n + i) % 3),
      price: 1,
    })),
    shippingInfo: BENCH_SHIPPING,
    paymentType: n % 2 ? 'online' : 'cash',
  })

let n = 0
const cases: [string, () => Promise<unknown>][] = [
  [
    'place an order with an Idempotency-Key (as the checkout)',
    () => placing.place(customers[n % customers.length]!, order(n++), randomUUID()),
  ],
  [
    'place an order without a key',
    () => placing.place(customers[n % customers.length]!, order(n++), undefined),
  ],
]

/** CPU ms so far of the backends serving this process (the Prisma client's and the pool's connection). */
async function backendsCpu(): Promise<number> {
  const { rows } = await probe.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  )
  return rows.reduce((sum, { pid }) => sum + cpuMs(pid), 0)
}
const commits = async () =>
  Number(
    (
      await probe.query<{ n: string }>(
        'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
      )
    ).rows[0]!.n,
  )

const perCall = (ms: number) => (ms / calls).toFixed(2).padStart(7)
console.log(`order database of ${size.toLocaleString('en-IN')} orders, ${calls} orders each (per order)`)
console.log('  service ms   PostgreSQL ms   commits   wall ms')
try {
  for (const [name, work] of cases) {
    for (let i = 0; i < 50; i++) await work() // warm-up: JIT, prepared statements, plans
    const service = process.cpuUsage()
    const backend = await backendsCpu()
    const committed = await commits()
    const started = performance.now()
    for (let i = 0; i < calls; i++) await work()
    const wall = performance.now() - started
    const used = process.cpuUsage(service)
    const backendMs = (await backendsCpu()) - backend
    // pg_stat_database counts this probe's two reads too; it is refreshed lazily, so wait for it.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const committedNow = (await commits()) - committed - 2
    console.log(
      `  ${perCall((used.user + used.system) / 1000)}      ${perCall(backendMs)}       ${(committedNow / calls).toFixed(2).padStart(5)}   ${perCall(wall)}   ${name}`,
    )
  }
} finally {
  // Leave the scale store as it was built: the placed orders and their events go.
  await probe.query('DELETE FROM eventbus.outbox')
  await probe.query('DELETE FROM idempotency_key')
  await probe.query('DELETE FROM orders WHERE seq > $1', [seqBefore])
  await db.$disconnect()
  await sql.end()
  await probe.end()
}
