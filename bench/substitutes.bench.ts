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
 * Run: npm run bench:substitutes   (BENCH_PRODUCTS=10000 BENCH_LOAD_SECONDS=3 for a quick run).
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
import { SHOPPER_SEARCH_TERMS } from './lib/search-terms'

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
/** Alternating rounds of each series. */
const ROUNDS = 4

type Series = { samples: number[]; failures: number; ms: number; cpu: Map<string, number> }
const newSeries = (): Series => ({ samples: [], failures: 0, ms: 0, cpu: new Map() })

/** CLIENTS keep-alive clients asking `urls` in turn for `ms`, added to `series` with the CPU each meter saw. */
async function loadRound(series: Series, urls: string[], ms: number, meters: Meter[]) {
  for (const meter of meters) await meter.start()
  let next = 0
  const started = Date.now()
  const deadline = started + ms
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < deadline) {
        const res = await get(urls[next++ % urls.length]!)
        if (res.status === 200) series.samples.push(res.ms)
        else series.failures++
      }
    }),
  )
  series.ms += Date.now() - started
  for (const meter of meters)
    series.cpu.set(meter.name, (series.cpu.get(meter.name) ?? 0) + (await meter.read()))
}

function summary(series: Series, meters: Meter[]) {
  const sorted = [...series.samples].sort((a, b) => a - b)
  const requests = Math.max(1, sorted.length + series.failures)
  return {
    p50: pct(sorted, 0.5),
    p95: pct(sorted, 0.95),
    p99: pct(sorted, 0.99),
    rps: sorted.length / (series.ms / 1000),
    failures: series.failures,
    cpu: meters.map((m) => [m.name, (series.cpu.get(m.name) ?? 0) / requests] as const),
  }
}

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
    // The reference: the storefront's search for a page of as many products (the index answers it, then
    // one read of the rows by id), under the same clients, in alternating rounds, since the machine's
    // speed drifts: what any answer of ten products costs here and now.
    const reference = SHOPPER_SEARCH_TERMS.map(
      (t) => `${product!.api}/product?q=${encodeURIComponent(t)}&limit=10`,
    )
    for (const path of reference) await get(path)
    const series = { substitutes: newSeries(), reference: newSeries() }
    const window = { fromUs: nowUs(), toUs: 0 }
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, urls] of [
        ['substitutes', paths],
        ['reference', reference],
      ] as const)
        await loadRound(series[name], urls, (LOAD_SECONDS * 1000) / ROUNDS, meters)
    window.toUs = nowUs()
    await admin.end()
    const figures = Object.fromEntries(
      Object.entries(series).map(([name, s]) => [name, summary(s, meters)]),
    ) as Record<keyof typeof series, ReturnType<typeof summary>>
    const line = (label: string, f: ReturnType<typeof summary>) =>
      console.log(
        `${label}, ${CLIENTS} clients, ${LOAD_SECONDS} s in ${ROUNDS} rounds: ${Math.round(f.rps)} req/s, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (${f.failures} non-200); CPU per request ${f.cpu.map(([m, ms]) => `${m} ${ms.toFixed(2)} ms`).join(' + ')}`,
      )
    line('GET /product/substitutes through the gateway', figures.substitutes)
    line('reference: GET /product?q=<term>&limit=10 through the gateway', figures.reference)
    const { p50, p95, p99, failures } = figures.substitutes
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
      info(`substitutes via gateway, ${CLIENTS} clients, ${size}`, figures.substitutes.rps, 'req/s'),
      ...figures.substitutes.cpu.map(([name, ms]) =>
        info(`substitutes CPU per request, ${name}, ${size}`, ms, 'ms'),
      ),
      info(
        `reference: search page of 10, p95 via gateway, ${CLIENTS} clients, ${size}`,
        figures.reference.p95,
        'ms',
      ),
      atMost('substitutes errors', failures, 'responses', 0),
    ]
  } finally {
    agent.destroy()
    await product?.stop()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('substitutes', run)
