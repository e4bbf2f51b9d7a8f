/**
 * The GST tax invoice download, GET /order/invoice, through the gateway with identity, the catalogue, the
 * order service and the gateway running from their production builds (bench/lib/product.ts). Customers each
 * place a three-line cash order, the administrator ships them all (which issues the invoices), then:
 * - first downloads: each customer's first GET renders the PDF from its snapshot and stores it, all at once;
 * - downloads: BENCH_CLIENTS (10) concurrent clients, BENCH_REQUESTS (30) each, of their stored invoice,
 *   each alternating with the same client reading its order (GET /order/orderById): the download's aim is a
 *   p95 within 1.5× of that plain signed-in read's, a ratio a busy machine moves less than either figure.
 * Then, in this process, the render of a thirty-line invoice alone (renderInvoicePdf, warm).
 *
 * Run: npm run bench:invoice   Knobs: BENCH_CLIENTS, BENCH_REQUESTS, BENCH_RENDERS (30).
 */
import { availableParallelism, loadavg } from 'node:os'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { buildInvoice } from '../services/order/src/domain/invoice/invoice'
import { renderInvoicePdf } from '../services/order/src/invoice-pdf/render-invoice-pdf'
import { sellerOf } from '../services/order/src/seller'
import {
  BENCH_SHIPPING,
  call,
  createProducts,
  type RunningProduct,
  signUpCustomers,
  startProduct,
} from './lib/product'
import { atMost, type BenchRow, info, runAlone } from './lib/report'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30)
const RENDERS = Number(process.env.BENCH_RENDERS ?? 30)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
const fmt = (ms: number) => `${ms.toFixed(1)} ms`
type Summary = { p50: number; p95: number; max: number }
const summary = (samples: number[]): Summary => {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! }
}

/** One shipped three-line order per customer: its id. */
async function shippedOrders(product: RunningProduct, tokens: string[], productIds: string[]) {
  const admin = (await call(product.api, 'POST', '/auth/login', undefined, product.admin)).body
    .token as string
  const orderOf = (n: number) => ({
    items: [0, 1, 2].map((i) => ({
      productId: productIds[(n * 3 + i) % productIds.length]!,
      quantity: 1 + i,
    })),
    // A Devanagari name: the invoice's font must render it.
    shippingInfo: { ...BENCH_SHIPPING, customerName: 'सुनीता शर्मा' },
    paymentType: 'cash',
  })
  const ids: string[] = []
  for (const [n, token] of tokens.entries()) {
    // The order service learns of the products from the catalogue's events: until then, 404.
    let placed = await call(product.api, 'POST', '/order', token, orderOf(n))
    for (let attempt = 0; placed.status === 404 && attempt < 300; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      placed = await call(product.api, 'POST', '/order', token, orderOf(n))
    }
    if (placed.status !== 201)
      throw new Error(`order not placed: ${placed.status} ${JSON.stringify(placed.body)}`)
    const id = placed.body.order._id as string
    const shipped = await call(product.api, 'PUT', `/order?orderId=${id}`, admin, { status: 'shipped' })
    if (shipped.status !== 200) throw new Error(`order not shipped: ${shipped.status}`)
    ids.push(id)
  }
  return ids
}

/** One GET as `token`: its time; anything but a 200 of at least `minBytes` stops the bench. */
async function timedGet(api: string, path: string, token: string, minBytes: number): Promise<number> {
  const started = process.hrtime.bigint()
  const res = await fetch(`${api}${path}`, { headers: { authorization: `bearer ${token}` } })
  const bytes = new Uint8Array(await res.arrayBuffer())
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (res.status !== 200 || bytes.length < minBytes)
    throw new Error(`GET ${path} answered ${res.status} with ${bytes.length} bytes`)
  return ms
}

const download = (api: string, token: string, orderId: string) =>
  timedGet(api, `/order/invoice?orderId=${orderId}`, token, 1_000)

/**
 * Every client `REQUESTS` times, all clients at once, each request alternating between `requests`: each
 * request's time by kind. Alternating puts both kinds under the same load, however it changes meanwhile.
 */
async function concurrently(requests: ((client: number) => Promise<number>)[]) {
  const samples = requests.map((): number[] => [])
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; n < REQUESTS; n++)
        for (const [kind, request] of requests.entries()) samples[kind]!.push(await request(client))
    }),
  )
  return samples.map(summary)
}

async function measureDownloads(product: RunningProduct) {
  const productIds = await createProducts(product, 30)
  const tokens = await signUpCustomers(product, CLIENTS)
  const orders = await shippedOrders(product, tokens, productIds)
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
  )

  // Each customer's first download renders and stores their invoice: all at once.
  const first = summary(await Promise.all(orders.map((id, i) => download(product.api, tokens[i]!, id))))
  console.log(
    `first downloads (render + store), ${CLIENTS} at once: p50 ${fmt(first.p50)}, p95 ${fmt(first.p95)}, max ${fmt(first.max)}`,
  )
  for (const [i, id] of orders.entries()) await download(product.api, tokens[i]!, id) // warm connections

  // Each download alternates with the same client reading its order as JSON: what any signed-in read costs
  // on this machine at that moment, so the download's figures can be told from a busy machine's.
  const [steady, order] = (await concurrently([
    (i) => download(product.api, tokens[i]!, orders[i]!),
    (i) => timedGet(product.api, `/order/orderById?orderId=${orders[i]}`, tokens[i]!, 100),
  ])) as [Summary, Summary]
  console.log(
    `GET /order/invoice via gateway, ${CLIENTS} concurrent clients × ${REQUESTS}: p50 ${fmt(steady.p50)}, p95 ${fmt(steady.p95)}, max ${fmt(steady.max)}`,
  )
  console.log(
    `GET /order/orderById, the same clients in between: p50 ${fmt(order.p50)}, p95 ${fmt(order.p95)}, max ${fmt(order.max)}`,
  )
  return { first, steady, order }
}

/** A thirty-line invoice (long names, Devanagari customer) rendered again and again in this process. */
async function measureRender() {
  const snapshot = buildInvoice({
    order: {
      id: 'bench',
      number: 'MS-000001',
      createdAt: new Date(),
      paymentType: 'cash',
      shipping: {
        customerName: 'सुनीता शर्मा',
        phoneNumber: '9876543210',
        houseNumber: '4',
        street: 'FC Road',
        addressLine1: 'फ्लैट 4, गंगा अपार्टमेंट',
        addressLine2: '',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411004',
        country: 'India',
      },
      items: Array.from({ length: 30 }, (_, i) => ({
        name: `Dashamoolarishta Ayurvedic tonic ${i + 1}, ten roots, 450 ml bottle`,
        hsnCode: i % 2 ? '30039011' : '3004',
        gstRate: [5, 12, 18][i % 3]!,
        quantity: 1 + (i % 3),
        unitPricePaise: 10_000 + i * 137,
        mrpPaise: 11_000 + i * 137,
        status: 'shipped',
      })),
    },
    seller: sellerOf({} as never),
    number: 'MS/2026-27/000001',
    financialYear: '2026-27',
    issuedAt: new Date(),
  })
  for (let i = 0; i < 5; i++) await renderInvoicePdf(snapshot) // JIT, the font's tables
  const samples: number[] = []
  let bytes = 0
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < RENDERS; i++) {
    const started = process.hrtime.bigint()
    bytes = (await renderInvoicePdf(snapshot)).length
    samples.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  const cpu = process.cpuUsage(cpuBefore)
  // CPU time is what a render costs the service; wall time also counts waiting for a core on a busy machine.
  const render = { ...summary(samples), cpu: (cpu.user + cpu.system) / 1000 / RENDERS }
  console.log(
    `render of a 30-line invoice (${(bytes / 1024).toFixed(0)} KiB, 2 pages), ${RENDERS} times: ${fmt(render.cpu)} of CPU each; wall p50 ${fmt(render.p50)}, p95 ${fmt(render.p95)}`,
  )
  return render
}

/** The invoice download and render; run alone with `npm run bench:invoice`. */
export async function run(): Promise<BenchRow[]> {
  const product = await startProduct({ tag: 'invoice', services: ['identity', 'catalogue', 'order'] })
  let downloads: Awaited<ReturnType<typeof measureDownloads>>
  try {
    downloads = await measureDownloads(product)
  } finally {
    await product.stop()
  }
  const render = await measureRender()
  console.log(`machine: load average ${loadavg()[0]!.toFixed(1)} at the end`)
  return [
    // A stored invoice should cost what any signed-in read does, however busy the machine is.
    atMost(
      `GET /order/invoice p95 ÷ GET /order/orderById p95, ${CLIENTS} clients`,
      downloads.steady.p95 / downloads.order.p95,
      '×',
      1.5,
    ),
    info(`GET /order/invoice p95, ${CLIENTS} clients (stored PDF)`, downloads.steady.p95, 'ms'),
    info(`GET /order/invoice p50, ${CLIENTS} clients (stored PDF)`, downloads.steady.p50, 'ms'),
    info(`first GET /order/invoice p95, ${CLIENTS} at once (render + store)`, downloads.first.p95, 'ms'),
    info(`baseline GET /order/orderById p95, ${CLIENTS} clients`, downloads.order.p95, 'ms'),
    atMost('render of a 30-line invoice, CPU time', render.cpu, 'ms', 100),
    info('render of a 30-line invoice p50 (wall)', render.p50, 'ms'),
    info('render of a 30-line invoice p95 (wall)', render.p95, 'ms'),
  ]
}

if (invokedDirectly(import.meta.url)) await runAlone('invoice PDF', run)
