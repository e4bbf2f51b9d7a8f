/**
 * Substitutes (GET /product/substitutes?productId=) through the real gateway on a synthetic catalogue of
 * 100,000 products (bench/fixtures/synthetic-catalogue.ts: ~700 single-salt compositions shared by ~100
 * products each, plus combinations). The catalogue and gateway run as their production builds, each its own
 * process (bench/lib/product.ts). 10 keep-alive clients ask, each its next question when the last is
 * answered, for LOAD_SECONDS, about 500 products picked at random from those with a composition; prints
 * p50/p95/p99, requests per second and the CPU per request of the catalogue, the gateway and the
 * PostgreSQL backends (/proc), which depends little on how busy the machine is (issue 33 aims at
 * p95 ≤ 20 ms). BENCH_SUBSTITUTES_PROFILE=<dir> runs the catalogue and the gateway with --cpu-prof and
 * prints where their CPU went under the load (self time by package and by function).
 * Run: npx tsx bench/substitutes.bench.ts   (BENCH_PRODUCTS=10000 BENCH_LOAD_SECONDS=3 for a quick run).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import http from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { insertSyntheticCatalogue } from './fixtures/synthetic-catalogue'
import { databaseMeter, type Meter, processMeter } from './lib/cpu-meters'
import { type CpuProfile, summarise } from './lib/cpuprofile'
import { BENCH_PG } from './lib/infra'
import { type RunningProduct, startProduct } from './lib/product'
import { atMost, type BenchRow, info, runAlone } from './lib/report'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
const CLIENTS = 10
const ASKED = 500
const PROFILE_DIR = process.env.BENCH_SUBSTITUTES_PROFILE
const profiled = ['catalogue', 'gateway'] as const

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

const nowUs = () => Number(process.hrtime.bigint() / 1000n)

/** Where each profiled process's CPU went in the load window: the top self time by package and function. */
function printProfiles(window: { fromUs: number; toUs: number }) {
  for (const name of profiled) {
    const dir = path.join(PROFILE_DIR!, name)
    // The catalogue restarted on the filled database: its last profile is the one under the load.
    const file = readdirSync(dir)
      .filter((entry) => entry.endsWith('.cpuprofile'))
      .sort((a, b) => statSync(path.join(dir, b)).mtimeMs - statSync(path.join(dir, a)).mtimeMs)[0]
    if (!file) continue
    const summary = summarise(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile, window)
    const share = (ms: number) => `${((ms / summary.busyMs) * 100).toFixed(0).padStart(3)}%`
    console.log(`\n${name}: ${summary.busyMs.toFixed(0)} ms busy in the load window (self time)`)
    for (const [group, ms] of summary.byPackage.slice(0, 8)) console.log(`  ${share(ms)}  ${group}`)
    for (const [fn, ms] of summary.byFunction.slice(0, 15)) console.log(`  ${share(ms)}  ${fn}`)
  }
}

export async function run(): Promise<BenchRow[]> {
  let product: RunningProduct | undefined
  try {
    product = await startProduct({
      tag: 'substitutes',
      services: ['catalogue'],
      nodeArgsFor: PROFILE_DIR
        ? (name) =>
            (profiled as readonly string[]).includes(name)
              ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, name)}`]
              : []
        : undefined,
    })
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

    const admin = new pg.Client(pgConfigFromUrl(BENCH_PG))
    await admin.connect()
    const byName = (name: string) => product!.processes.find((p) => p.name === name)!
    const meters: Meter[] = [
      processMeter('catalogue', byName('catalogue')),
      processMeter('gateway', byName('gateway')),
      databaseMeter(admin, 'PostgreSQL', database),
    ]
    for (const meter of meters) await meter.start()
    const samples: number[] = []
    let failures = 0
    let next = 0
    const window = { fromUs: nowUs(), toUs: 0 }
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
    window.toUs = nowUs()
    const cpu = await Promise.all(meters.map(async (meter) => [meter.name, await meter.read()] as const))
    await admin.end()
    samples.sort((a, b) => a - b)
    const [p50, p95, p99] = [pct(samples, 0.5), pct(samples, 0.95), pct(samples, 0.99)]
    console.log(
      `GET /product/substitutes through the gateway, ${CLIENTS} clients for ${LOAD_SECONDS} s: ${Math.round(samples.length / LOAD_SECONDS)} req/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${failures} non-200)`,
    )
    const perRequest = (ms: number) => ms / Math.max(1, samples.length + failures)
    console.log(
      `CPU per request: ${cpu.map(([name, ms]) => `${name} ${perRequest(ms).toFixed(2)} ms`).join(' + ')}`,
    )
    console.log(`machine: load average ${loadavg()[0]!.toFixed(1)} at the end`)
    if (PROFILE_DIR) {
      await product.stop() // SIGTERM: the profiles are written
      product = undefined
      printProfiles(window)
    }
    const size = `${PRODUCTS / 1000}k products`
    return [
      info(`substitutes p50 via gateway, ${CLIENTS} clients, ${size}`, p50, 'ms'),
      atMost(`substitutes p95 via gateway, ${CLIENTS} clients, ${size}`, p95, 'ms', 20),
      info(`substitutes p99 via gateway, ${CLIENTS} clients, ${size}`, p99, 'ms'),
      info(`substitutes via gateway, ${CLIENTS} clients, ${size}`, samples.length / LOAD_SECONDS, 'req/s'),
      ...cpu.map(([name, ms]) => info(`substitutes CPU per request, ${name}, ${size}`, perRequest(ms), 'ms')),
      atMost('substitutes errors', failures, 'responses', 0),
    ]
  } finally {
    agent.destroy()
    await product?.stop()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('substitutes', run)
