/**
 * Catalogue search and listing through the real gateway, on a synthetic catalogue of 100,000 products.
 * Prints p50/p95 of the storefront's search (GET /product?q=…&limit=24), the documented unpaged
 * GET /product?q=… per term, and, with 10 keep-alive clients, the throughput and the CPU time per request
 * of the search and of GET /product?limit=24: this process's (load generator, gateway and catalogue
 * together) and the PostgreSQL backends' serving the catalogue's database, from /proc. CPU per request
 * hardly depends on how busy the machine is; requests per second do.
 * Run: npx tsx bench/catalogue-search.bench.ts   (DATABASE_URL / AMQP_URL, else the local servers;
 * BENCH_PRODUCTS=10000 BENCH_LOAD_SECONDS=3 for the quick mode). Uses a throw-away database, dropped at
 * the end.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { createLogger, loadConfig, startService } from '@medstore/service-kit'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { createGateway } from '../gateway/src/app'
import { gatewayEnv } from '../gateway/src/config'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { catalogueService } from '../services/catalogue/src/service'
import { insertSyntheticCatalogue } from './fixtures/synthetic-catalogue'
import { BENCH_AMQP, BENCH_PG } from './lib/infra'
import { cpuMs } from './lib/product'
import { atLeast, atMost, type BenchRow, info, runAlone } from './lib/report'
import { SHOPPER_SEARCH_TERMS } from './lib/search-terms'

const PG = BENCH_PG
const AMQP = BENCH_AMQP
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const TERMS = SHOPPER_SEARCH_TERMS
const ROUNDS = 40
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
/** The issue 16 targets are for 10 shoppers at once. */
const CLIENTS = 10

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

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

type CpuUse<T> = { result: T; nodeMs: number; pgMs: number }

/** Runs `work` and says how much CPU it took: this process's, and the database's backends' (/proc). */
function cpuMeter(admin: pg.Client, database: string) {
  const backends = async () =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])
    ).rows.map((row) => row.pid)
  return async <T>(work: () => Promise<T>): Promise<CpuUse<T>> => {
    const pgBefore = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]))
    const nodeBefore = process.cpuUsage()
    const result = await work()
    const node = process.cpuUsage(nodeBefore)
    const pgMs = (await backends()).reduce((sum, pid) => sum + cpuMs(pid) - (pgBefore.get(pid) ?? 0), 0)
    return { result, nodeMs: (node.user + node.system) / 1000, pgMs }
  }
}

const cpuLine = (use: CpuUse<unknown>, requests: number) =>
  `node ${(use.nodeMs / requests).toFixed(2)} ms + PostgreSQL ${(use.pgMs / requests).toFixed(2)} ms`

/** Search and listing on a large catalogue; run alone with `npm run bench:catalogue`. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const dbName = `bench_catalogue_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client(pgConfigFromUrl(PG))
  await admin.connect()
  await admin.query(`CREATE DATABASE "${dbName}"`)
  const url = withDatabase(PG, dbName)
  let service: Awaited<ReturnType<typeof startService>> | undefined
  let gateway: http.Server | undefined
  const env = {
    PORT: '0',
    DATABASE_URL: url,
    AMQP_URL: AMQP,
    BUS_NAMESPACE: dbName,
    SEED_DEMO_CATALOGUE: 'false',
    LOG_LEVEL: 'warn',
  }
  try {
    // A first start migrates the database; the second starts on the full catalogue, as in production.
    await (await startService(catalogueService, env)).stop()
    const fillMs = await insertSyntheticCatalogue(url, PRODUCTS)
    const vacuum = new pg.Client(pgConfigFromUrl(url))
    await vacuum.connect()
    await vacuum.query('VACUUM ANALYZE product')
    await vacuum.end()
    console.log(
      `catalogue: ${PRODUCTS.toLocaleString('en-IN')} synthetic products inserted in ${(fillMs / 1000).toFixed(1)} s`,
    )
    const rssBefore = process.memoryUsage().rss
    const startedAt = performance.now()
    service = await startService(catalogueService, env)
    const startMs = performance.now() - startedAt
    const startRss = process.memoryUsage().rss - rssBefore
    console.log(
      `catalogue started on them in ${(startMs / 1000).toFixed(1)} s; this process's resident memory grew ${mb(startRss)} MB`,
    )
    // Figures mean little on a machine busy with other work: say how busy it was.
    console.log(
      `machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start`,
    )

    const config = loadConfig(gatewayEnv, {
      CATALOGUE_URL: service.url,
      LOG_LEVEL: 'warn',
      GATEWAY_PORT: '0',
    })
    const app = createGateway(config, createLogger('gateway', 'warn'))
    gateway = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, () => resolve(s))
    })
    const viaGateway = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`

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

    const cpu = cpuMeter(admin, dbName)
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
        `search CPU per request, node (client+gateway+catalogue), ${size}`,
        searchCpu.nodeMs / (concurrent.rps * LOAD_SECONDS),
        'ms',
      ),
      info(
        `search CPU per request, PostgreSQL, ${size}`,
        searchCpu.pgMs / (concurrent.rps * LOAD_SECONDS),
        'ms',
      ),
    )

    console.log(`\nGET /product?limit=24, ${CLIENTS} keep-alive clients for ${LOAD_SECONDS} s each:`)
    const listing: Record<string, Awaited<ReturnType<typeof throughput>>> = {}
    for (const [label, base] of [
      ['through the gateway', viaGateway],
      ['service directly   ', service.url],
    ] as const) {
      const measured = await cpu(() => throughput(base, ['/product?limit=24']))
      const load = measured.result
      listing[label.trim()] = load
      console.log(
        `  ${label}: ${Math.round(load.rps).toLocaleString('en-US').padStart(5)} requests/s  (p50 ${fmt(load.p50)}, p95 ${fmt(load.p95)}; ${load.failures} non-200); CPU per request ${cpuLine(measured, load.rps * LOAD_SECONDS)}`,
      )
      if (label.trim() === 'service directly')
        rows.push(
          info(
            'GET /product?limit=24 CPU per request, node (client+catalogue)',
            measured.nodeMs / (load.rps * LOAD_SECONDS),
            'ms',
          ),
          info(
            'GET /product?limit=24 CPU per request, PostgreSQL',
            measured.pgMs / (load.rps * LOAD_SECONDS),
            'ms',
          ),
        )
    }
    const viaGatewayRps = listing['through the gateway']!.rps
    const directRps = listing['service directly']!.rps
    rows.push(
      atLeast('GET /product?limit=24 direct', directRps, 'req/s', 1500),
      info('GET /product?limit=24 via gateway', viaGatewayRps, 'req/s'),
      atLeast('GET /product?limit=24 gateway share of direct', viaGatewayRps / directRps, '× direct', 0.9),
    )
    const rss = process.memoryUsage().rss
    console.log(
      `\nthis process (load generator, gateway and catalogue with ${size}): ${mb(rss)} MB resident after the load`,
    )
    rows.push(
      info(
        `resident memory of this process (load generator, gateway, catalogue), ${size}`,
        rss / 2 ** 20,
        'MB',
      ),
      info(`resident memory taken by starting the catalogue on ${size}`, startRss / 2 ** 20, 'MB'),
    )
    console.log(`machine: load average ${loadavg()[0]!.toFixed(1)} at the end`)
    return rows
  } finally {
    agent.destroy()
    await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()))
    await service?.stop()
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
    await admin.end()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('catalogue search', run)
