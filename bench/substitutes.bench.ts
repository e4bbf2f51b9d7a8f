/**
 * Substitutes (GET /product/substitutes?productId=) through the real gateway on a synthetic catalogue of
 * 100,000 products (bench/fixtures/synthetic-catalogue.ts: ~700 single-salt compositions shared by ~100
 * products each, plus combinations). The catalogue and gateway run as their production builds, each its own
 * process (bench/lib/product.ts). 10 keep-alive clients ask, each its next question when the last is
 * answered, for LOAD_SECONDS, about 500 products picked at random from those with a composition; prints
 * p50/p95/p99 and requests per second (issue 33 aims at p95 ≤ 20 ms).
 * Run: npx tsx bench/substitutes.bench.ts   (BENCH_PRODUCTS=10000 BENCH_LOAD_SECONDS=3 for a quick run).
 */
import http from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { insertSyntheticCatalogue } from './fixtures/synthetic-catalogue'
import { BENCH_PG } from './lib/infra'
import { type RunningProduct, startProduct } from './lib/product'
import { atMost, type BenchRow, info, runAlone } from './lib/report'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
const CLIENTS = 10
const ASKED = 500

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })

function get(url: string): Promise<{ status: number; ms: number }> {
  const started = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume()
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        )
      })
      .on('error', reject)
  })
}

const pct = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN

export async function run(): Promise<BenchRow[]> {
  let product: RunningProduct | undefined
  try {
    product = await startProduct({ tag: 'substitutes', services: ['catalogue'] })
    const database = product.processes.find((p) => p.name === 'catalogue')!.database!
    const url = withDatabase(BENCH_PG, database)
    const fillMs = await insertSyntheticCatalogue(url, PRODUCTS)
    const db = new pg.Client(pgConfigFromUrl(url))
    await db.connect()
    await db.query('VACUUM ANALYZE product')
    const { rows } = await db.query<{ id: string }>(
      `SELECT id::text AS id FROM product WHERE composition_key <> '' ORDER BY random() LIMIT $1`,
      [ASKED],
    )
    await db.end()
    await product.restart('catalogue')
    console.log(
      `${PRODUCTS.toLocaleString('en-IN')} synthetic products inserted in ${(fillMs / 1000).toFixed(1)} s`,
    )
    console.log(
      `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
    )
    const paths = rows.map((r) => `${product!.api}/product/substitutes?productId=${r.id}`)
    for (const path of paths.slice(0, 50)) await get(path) // warm-up: connections, plans, buffers

    const samples: number[] = []
    let failures = 0
    let next = 0
    const deadline = Date.now() + LOAD_SECONDS * 1000
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < deadline) {
          const res = await get(paths[next++ % paths.length]!)
          if (res.status === 200) samples.push(res.ms)
          else failures++
        }
      }),
    )
    samples.sort((a, b) => a - b)
    const [p50, p95, p99] = [pct(samples, 0.5), pct(samples, 0.95), pct(samples, 0.99)]
    console.log(
      `GET /product/substitutes through the gateway, ${CLIENTS} clients for ${LOAD_SECONDS} s: ${Math.round(samples.length / LOAD_SECONDS)} req/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${failures} non-200)`,
    )
    console.log(`machine: load average ${loadavg()[0]!.toFixed(1)} at the end`)
    const size = `${PRODUCTS / 1000}k products`
    return [
      info(`substitutes p50 via gateway, ${CLIENTS} clients, ${size}`, p50, 'ms'),
      atMost(`substitutes p95 via gateway, ${CLIENTS} clients, ${size}`, p95, 'ms', 20),
      info(`substitutes p99 via gateway, ${CLIENTS} clients, ${size}`, p99, 'ms'),
      info(`substitutes via gateway, ${CLIENTS} clients, ${size}`, samples.length / LOAD_SECONDS, 'req/s'),
      atMost('substitutes errors', failures, 'responses', 0),
    ]
  } finally {
    agent.destroy()
    await product?.stop()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('substitutes', run)
