/**
 * Catalogue search and listing through the real gateway, on a synthetic catalogue of 100,000 products.
 * The catalogue and the gateway run as in production: their production builds, each its own process
 * (bench/lib/product.ts), the catalogue restarted on the filled database so it starts on 100,000 products.
 * Prints p50/p95 of the storefront's search (GET /product?q=…&limit=24), the documented unpaged
 * GET /product?q=… per term, the same for salt searches (names first, then compositions: the first,
 * unremembered answer of each, then one at a time and with 10 clients), and, with 10 keep-alive clients, the throughput and the CPU time per request
 * of the search, and the capacity of GET /product?limit=24 (through the gateway and directly, 64
 * connections, in paired, alternating rounds, BENCH_LISTING_ROUNDS, 3), with the CPU time per request:
 * the catalogue's, the gateway's and the PostgreSQL backends' serving the catalogue's database, from /proc.
 * CPU per request hardly depends on how busy the machine is; requests per second do. Also the catalogue's resident memory on the full catalogue.
 * Run: npx tsx bench/catalogue-search.bench.ts   (BENCH_PG / BENCH_AMQP, else the local servers;
 * BENCH_PRODUCTS=10000 BENCH_LOAD_SECONDS=3 for the quick mode). Uses throw-away databases, dropped at
 * the end.
 */
import http from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { insertSyntheticCatalogue } from './fixtures/synthetic-catalogue'
import { closedLoop, percentile, requestsPerSecond } from './lib/http-load'
import { BENCH_PG } from './lib/infra'
import { cpuMs, residentMb } from './lib/proc'
import { type ProductProcess, type RunningProduct, startProduct } from './lib/product'
import { atLeast, atMost, type BenchRow, info, runAlone } from './lib/report'
import { SHOPPER_SEARCH_TERMS } from './lib/search-terms'

const PG = BENCH_PG
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const TERMS = SHOPPER_SEARCH_TERMS
/**
 * Salts as shoppers type them: one only ever a second salt (every match by composition), two both in
 * names and as a second salt, one in names and in compositions, and a slip in one.
 */
const SALT_TERMS = ['caffeine', 'domperidone', 'levocetirizine', 'paracetamol', 'paracetmol'] as const
const ROUNDS = 40
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
/** The listing's gateway-vs-direct comparison: paired rounds of LOAD_SECONDS / 2 each way. */
const LISTING_ROUNDS = Number(process.env.BENCH_LISTING_ROUNDS ?? 3)
/** The issue 16 targets are for 10 shoppers at once. */
const CLIENTS = 10
const LISTING = '/product?limit=24'
/** Enough to saturate the listing either way on 2 cores, so the two paths' capacities are compared. */
const LISTING_CONNECTIONS = 64

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

function get(base: string, path: string): Promise<{ status: number; ms: number; bytes: number }> {
  const started = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            bytes,
          }),
        )
      })
      .on('error', reject)
  })
}

const pct = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
const fmt = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`
function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  return { p50: pct(s, 0.5), p95: pct(s, 0.95), p99: pct(s, 0.99) }
}

async function latency(base: string, paths: string[], rounds: number) {
  const all: number[] = []
  const byPath = new Map<string, { ms: number[]; bytes: number; status: number }>()
  for (let r = 0; r < rounds; r++) {
    for (const path of paths) {
      const res = await get(base, path)
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
      all.push(res.ms)
      const entry = byPath.get(path) ?? { ms: [], bytes: res.bytes, status: res.status }
      entry.ms.push(res.ms)
      byPath.set(path, entry)
    }
  }
  return { all: summary(all), byPath }
}

/** `connections` keep-alive clients, each sending its next request (paths in turn) when the last answers. */
async function throughput(base: string, paths: string[], connections = CLIENTS) {
  const deadline = Date.now() + LOAD_SECONDS * 1000
  const samples: number[] = []
  let failures = 0
  let next = 0
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const res = await get(base, paths[next++ % paths.length]!)
        if (res.status === 200) samples.push(res.ms)
        else failures++
      }
    }),
  )
  return { rps: samples.length / LOAD_SECONDS, failures, ...summary(samples) }
}

type CpuUse<T> = { result: T; catalogueMs: number; gatewayMs: number; pgMs: number }

/** Runs `work` and says how much CPU it took: the catalogue's, the gateway's and the database's backends' (/proc). */
function cpuMeter(admin: pg.Client, database: string, catalogue: ProductProcess, gateway: ProductProcess) {
  const backends = async () =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])
    ).rows.map((row) => row.pid)
  return async <T>(work: () => Promise<T>): Promise<CpuUse<T>> => {
    const pgBefore = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]))
    const [catalogueBefore, gatewayBefore] = [cpuMs(catalogue.slice.pid), cpuMs(gateway.slice.pid)]
    const result = await work()
    const pgMs = (await backends()).reduce((sum, pid) => sum + cpuMs(pid) - (pgBefore.get(pid) ?? 0), 0)
    return {
      result,
      catalogueMs: cpuMs(catalogue.slice.pid) - catalogueBefore,
      gatewayMs: cpuMs(gateway.slice.pid) - gatewayBefore,
      pgMs,
    }
  }
}

const cpuLine = (use: CpuUse<unknown>, requests: number) =>
  `catalogue ${(use.catalogueMs / requests).toFixed(2)} ms + gateway ${(use.gatewayMs / requests).toFixed(2)} ms + PostgreSQL ${(use.pgMs / requests).toFixed(2)} ms`

/** Search and listing on a large catalogue; run alone with `npm run bench:catalogue`. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const admin = new pg.Client(pgConfigFromUrl(PG))
  await admin.connect()
  let product: RunningProduct | undefined
  try {
    product = await startProduct({ tag: 'search', services: ['catalogue'] })
    const byName = (name: string) => product!.processes.find((p) => p.name === name)!
    const dbName = byName('catalogue').database!
    const url = withDatabase(PG, dbName)
    const fillMs = await insertSyntheticCatalogue(url, PRODUCTS)
    const vacuum = new pg.Client(pgConfigFromUrl(url))
    await vacuum.connect()
    await vacuum.query('VACUUM ANALYZE product')
    await vacuum.end()
    console.log(
      `catalogue: ${PRODUCTS.toLocaleString('en-IN')} synthetic products inserted in ${(fillMs / 1000).toFixed(1)} s`,
    )
    // Restarted on the filled database: it builds its search index at start, as in production.
    const startedAt = performance.now()
    const catalogue = await product.restart('catalogue')
    const startMs = performance.now() - startedAt
    const startRss = residentMb(catalogue.slice.pid)
    console.log(
      `catalogue (production build) restarted on them in ${(startMs / 1000).toFixed(1)} s; resident memory ${startRss.toFixed(0)} MB`,
    )
    // Figures mean little on a machine busy with other work: say how busy it was.
    console.log(
      `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
    )
    const viaGateway = product.api
    const service = catalogue.slice

    const paged = TERMS.map((t) => `/product?q=${encodeURIComponent(t)}&limit=24`)
    await latency(viaGateway, paged, 3) // warm-up: connections, plans, buffers
    const search = await latency(viaGateway, paged, ROUNDS)
    const direct = await latency(service.url, paged, ROUNDS)
    console.log(
      `\nGET /product?q=<term>&limit=24 (the storefront's search), ${ROUNDS * TERMS.length} requests, one at a time:`,
    )
    console.log(
      `  through the gateway: p50 ${fmt(search.all.p50)}  p95 ${fmt(search.all.p95)}  p99 ${fmt(search.all.p99)}   (aim: p95 < 30 ms)`,
    )
    console.log(
      `  service directly:    p50 ${fmt(direct.all.p50)}  p95 ${fmt(direct.all.p95)}  p99 ${fmt(direct.all.p99)}`,
    )
    for (const [path, { ms }] of search.byPath) {
      const s = summary(ms)
      const page = JSON.parse((await fetch(`${viaGateway}${path}`).then((r) => r.text())) || '{}')
      const total = `${page.total}${page.totalCapped ? '+' : ''}`
      console.log(
        `    ${decodeURIComponent(path).padEnd(40)} p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  matches ${total}`,
      )
    }

    const unpaged = TERMS.map((t) => `/product?q=${encodeURIComponent(t)}`)
    const documented = await latency(viaGateway, unpaged, 10)
    console.log(`\nGET /product?q=<term> (documented: every match, no paging), through the gateway, 10 each:`)
    console.log(`  all terms:           p50 ${fmt(documented.all.p50)}  p95 ${fmt(documented.all.p95)}`)
    for (const [path, { ms, bytes }] of documented.byPath) {
      const s = summary(ms)
      console.log(
        `    ${decodeURIComponent(path).padEnd(40)} p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  ${(bytes / 1024).toFixed(0).padStart(6)} KiB`,
      )
    }

    const size = `${Math.round(PRODUCTS / 1000)}k products`
    rows.push(
      atMost(`search p95 via gateway, one at a time, ${size}`, search.all.p95, 'ms', 30),
      info(`search p95 direct, one at a time, ${size}`, direct.all.p95, 'ms'),
    )

    // Salt searches: the first answer of each (nothing remembered yet), then the same series as above.
    const saltPaged = SALT_TERMS.map((t) => `/product?q=${encodeURIComponent(t)}&limit=24`)
    console.log(`\nGET /product?q=<salt>&limit=24 (names first, then compositions), through the gateway:`)
    for (const path of saltPaged) {
      const first = await get(viaGateway, path)
      const page = JSON.parse((await fetch(`${viaGateway}${path}`).then((r) => r.text())) || '{}')
      console.log(
        `    ${decodeURIComponent(path).padEnd(40)} first answer ${fmt(first.ms)}  matches ${page.total}${page.totalCapped ? '+' : ''}, ${page.ingredientMatches?.length ?? 0} of page 1 by composition`,
      )
    }
    await latency(viaGateway, saltPaged, 3)
    const saltSearch = await latency(viaGateway, saltPaged, ROUNDS)
    console.log(
      `  one at a time, ${ROUNDS * SALT_TERMS.length} requests: p50 ${fmt(saltSearch.all.p50)}  p95 ${fmt(saltSearch.all.p95)}  p99 ${fmt(saltSearch.all.p99)}   (aim: p95 < 30 ms)`,
    )
    const saltLoad = await throughput(viaGateway, saltPaged)
    console.log(
      `  ${CLIENTS} clients for ${LOAD_SECONDS} s: ${Math.round(saltLoad.rps)} requests/s (p50 ${fmt(saltLoad.p50)}, p95 ${fmt(saltLoad.p95)}; ${saltLoad.failures} non-200)`,
    )
    rows.push(
      atMost(`salt search p95 via gateway, one at a time, ${size}`, saltSearch.all.p95, 'ms', 30),
      atLeast(`salt search via gateway, ${CLIENTS} clients, ${size}`, saltLoad.rps, 'req/s', 1000),
      atMost(`salt search p95 via gateway, ${CLIENTS} clients, ${size}`, saltLoad.p95, 'ms', 20),
      atMost('salt search errors', saltLoad.failures, 'responses', 0),
    )

    const cpu = cpuMeter(admin, dbName, catalogue, byName('gateway'))
    const searchCpu = await cpu(() => throughput(viaGateway, paged))
    const concurrent = searchCpu.result
    console.log(
      `\nGET /product?q=<term>&limit=24 through the gateway, ${CLIENTS} clients for ${LOAD_SECONDS} s: ${Math.round(concurrent.rps)} requests/s (p50 ${fmt(concurrent.p50)}, p95 ${fmt(concurrent.p95)}; ${concurrent.failures} non-200)`,
    )
    console.log(`  CPU per search: ${cpuLine(searchCpu, concurrent.rps * LOAD_SECONDS)}`)
    rows.push(
      atLeast(`search via gateway, ${CLIENTS} clients, ${size}`, concurrent.rps, 'req/s', 1000),
      atMost(`search p95 via gateway, ${CLIENTS} clients, ${size}`, concurrent.p95, 'ms', 20),
      info(
        `search CPU per request, catalogue, ${size}`,
        searchCpu.catalogueMs / (concurrent.rps * LOAD_SECONDS),
        'ms',
      ),
      info(
        `search CPU per request, gateway, ${size}`,
        searchCpu.gatewayMs / (concurrent.rps * LOAD_SECONDS),
        'ms',
      ),
      info(
        `search CPU per request, PostgreSQL, ${size}`,
        searchCpu.pgMs / (concurrent.rps * LOAD_SECONDS),
        'ms',
      ),
    )

    // The listing's capacity each way (as bench:gateway): closed loop with enough connections to saturate
    // either path, in paired rounds, gateway then direct, alternating, since the machine's speed drifts.
    const roundSeconds = LOAD_SECONDS / 2
    console.log(
      `\nGET /product?limit=24, capacity: ${LISTING_CONNECTIONS} keep-alive connections, ${LISTING_ROUNDS} rounds of ${roundSeconds} s each way, alternating:`,
    )
    const rounds: { viaGateway: number; direct: number }[] = []
    let listingErrors = 0
    let directCpu: CpuUse<unknown> | undefined
    let directRequests = 0
    for (let round = 1; round <= LISTING_ROUNDS; round++) {
      const rps = { viaGateway: 0, direct: 0 }
      for (const [label, base] of [
        ['through the gateway', viaGateway],
        ['service directly   ', service.url],
      ] as const) {
        const port = Number(new URL(base).port)
        const measured = await cpu(() => closedLoop(port, LISTING, roundSeconds, LISTING_CONNECTIONS))
        const load = measured.result
        const rate = requestsPerSecond(load)
        console.log(
          `  round ${round}, ${label}: ${Math.round(rate).toLocaleString('en-US').padStart(5)} requests/s  (p50 ${fmt(percentile(load.latenciesMs, 0.5))}, p95 ${fmt(percentile(load.latenciesMs, 0.95))}; ${load.errors} non-200); CPU per request ${cpuLine(measured, load.requests)}`,
        )
        listingErrors += load.errors
        if (label === 'through the gateway') rps.viaGateway = rate
        else {
          rps.direct = rate
          directRequests += load.requests
          directCpu = directCpu
            ? {
                result: undefined,
                catalogueMs: directCpu.catalogueMs + measured.catalogueMs,
                gatewayMs: directCpu.gatewayMs + measured.gatewayMs,
                pgMs: directCpu.pgMs + measured.pgMs,
              }
            : measured
        }
      }
      rounds.push(rps)
    }
    const middle = <T>(values: T[], by: (v: T) => number) =>
      [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!
    const directRps = middle(rounds, (r) => r.direct).direct
    const viaGatewayRps = middle(rounds, (r) => r.viaGateway).viaGateway
    const share = middle(
      rounds.map((r) => r.viaGateway / r.direct),
      (r) => r,
    )
    console.log(
      `  the gateway keeps ${(share * 100).toFixed(0)}% of direct throughput (median of paired rounds: ${rounds.map((r) => `${((r.viaGateway / r.direct) * 100).toFixed(0)}%`).join(' ')})`,
    )
    rows.push(
      info('GET /product?limit=24 CPU per request, catalogue', directCpu!.catalogueMs / directRequests, 'ms'),
      info('GET /product?limit=24 CPU per request, PostgreSQL', directCpu!.pgMs / directRequests, 'ms'),
      atLeast('GET /product?limit=24 direct', directRps, 'req/s', 1500),
      info('GET /product?limit=24 via gateway', viaGatewayRps, 'req/s'),
      atLeast('GET /product?limit=24 gateway share of direct', share, '× direct', 0.9),
      atMost('GET /product?limit=24 errors', listingErrors, 'responses', 0),
    )
    const rss = residentMb(catalogue.slice.pid)
    console.log(`\ncatalogue (production build) with ${size}: ${rss.toFixed(0)} MB resident after the load`)
    rows.push(
      info(`catalogue resident memory after start, ${size}`, startRss, 'MB'),
      atMost(`catalogue resident memory after the load, ${size}`, rss, 'MB', 150),
    )
    console.log(`machine: load average ${loadavg()[0]!.toFixed(1)} at the end`)
    return rows
  } finally {
    agent.destroy()
    await product?.stop()
    await admin.end()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('catalogue search', run)
