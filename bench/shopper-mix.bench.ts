/**
 * Realistic load: the whole product (six services and the gateway, production builds, each its own
 * process) under the shopper mix of bench/lib/shopper-mix.ts, driven by loadtest (npm) at a fixed arrival
 * rate. Requests go to BENCH_USERS virtual users in turn, each signed in as its own customer and going
 * through its own cycle of the mix.
 *
 * 1. A fixed arrival rate (BENCH_MIX_RATE, default 400 req/s, the target) for BENCH_MIX_SECONDS (60).
 * 2. A step-up: BENCH_STEP_START (100) req/s, +BENCH_STEP (100) per step of BENCH_STEP_SECONDS (15),
 *    until p95 passes 200 ms, a request fails or the product cannot keep up with the rate asked; the
 *    figure is the highest rate that passed.
 * 3. Resident memory (VmRSS) of every process idle (products and customers created, before the load)
 *    and at the end of the load.
 * During the fixed rate it also prints the CPU milliseconds per request of every process and of each
 * service's PostgreSQL backends, and what those backends were waiting on (bench/lib/wait-sampler.ts);
 * after the load, what the services logged. BENCH_MIX_PROFILE=<dir> runs every process with --cpu-prof.
 *
 *   npm run bench:mix        BENCH_USERS (100) virtual users, BENCH_PRODUCTS (120) products
 *
 * p95 is of the response times loadtest reports per request (due → answered, so a request the load
 * generator could not send on time counts its wait).
 */
import { loadavg } from 'node:os'
import { pgConfigFromUrl } from '@medstore/service-kit/prisma'
import { loadTest } from 'loadtest'
import pg from 'pg'
import { invokedDirectly } from '../scripts/lib/invoked-directly'
import { databaseMeter, processMeter } from './lib/cpu-meters'
import { BENCH_PG } from './lib/infra'
import { residentMb } from './lib/proc'
import {
  createProducts,
  type RunningProduct,
  signUpCustomers,
  startProduct,
  waitUntilOrdersPriced,
} from './lib/product'
import { atLeast, atMost, type BenchRow, info, runAlone } from './lib/report'
import { kindOf, type MixRequest, userRequests } from './lib/shopper-mix'
import { sampleWaits } from './lib/wait-sampler'

const RATE = Number(process.env.BENCH_MIX_RATE ?? 400)
const SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 60)
const USERS = Number(process.env.BENCH_USERS ?? 100)
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 120)
const STEP_START = Number(process.env.BENCH_STEP_START ?? 100)
const STEP = Number(process.env.BENCH_STEP ?? 100)
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 15)
const STEP_MAX = Number(process.env.BENCH_STEP_MAX ?? 1500)
const P95_LIMIT_MS = 200
const MEMORY_LIMIT_MB = 150

interface LoadResult {
  rate: number
  /** p95 per kind of request, ms. */
  p95ByKind: Record<string, number>
  achieved: number
  p50: number
  p95: number
  p99: number
  failed: number
  statuses: Record<string, number>
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : Number.NaN

/**
 * `rate` requests a second for `seconds`, evenly spaced whatever the answers (loadtest's requestsPerSecond:
 * one high-resolution timer, a new connection whenever all are busy), the users taking turns, each going
 * through its own cycle. Not autocannon's overallRate: that resets every connection's quota on its own
 * one-second interval, all started together, so each second began with every user sending at once (a burst
 * of 100 concurrent requests, then quiet), which is not a fixed arrival rate.
 */
export async function load(
  api: string,
  users: MixRequest[][],
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  const times: number[] = []
  const byKind: Record<string, number[]> = {}
  const statuses: Record<string, number> = {}
  const position = users.map(() => 0)
  let turn = 0
  let failed = 0
  const summary = await loadTest({
    url: api,
    requestsPerSecond: rate,
    maxSeconds: seconds,
    timeout: 10_000,
    agentKeepAlive: true,
    quiet: true,
    requestGenerator: (_options, params, request, answered) => {
      const user = turn++ % users.length
      const cycle = users[user]!
      const next = cycle[position[user]!++ % cycle.length]!
      const length = next.body ? { 'content-length': String(Buffer.byteLength(next.body)) } : {}
      const headers = { ...params.headers, ...next.headers, ...length }
      const sent = request({ ...params, method: next.method, path: next.path, headers }, answered)
      if (next.body) sent.write(next.body)
      return sent
    },
    statusCallback: (error, result) => {
      if (!result?.statusCode) {
        failed++
        statuses.error = (statuses.error ?? 0) + 1
        return
      }
      if (error || result.statusCode >= 400) failed++
      statuses[result.statusCode] = (statuses[result.statusCode] ?? 0) + 1
      times.push(result.requestElapsed)
      const kind = kindOf(result.method ?? 'GET', result.path ?? '/')
      const ofKind = byKind[kind] ?? []
      ofKind.push(result.requestElapsed)
      byKind[kind] = ofKind
    },
  })
  const sorted = times.sort((a, b) => a - b)
  return {
    rate,
    p95ByKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, ms]) => [
        kind,
        percentile(
          ms.sort((a, b) => a - b),
          0.95,
        ),
      ]),
    ),
    achieved: summary.totalRequests / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    failed,
    statuses,
  }
}

const describe = (r: LoadResult) =>
  `asked ${r.rate}/s, got ${r.achieved.toFixed(0)}/s; p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms; ${r.failed} failed; statuses ${JSON.stringify(r.statuses)}; p95 by kind ${Object.entries(
    r.p95ByKind,
  )
    .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
    .join(', ')}`

/** Passes when p95 ≤ 200 ms, nothing failed and the product kept up with the rate asked (within 5%). */
const passes = (r: LoadResult) => r.p95 <= P95_LIMIT_MS && r.failed === 0 && r.achieved >= r.rate * 0.95

function memoryRows(product: RunningProduct, when: string, target: boolean): BenchRow[] {
  return product.processes.map(({ name, slice }) => {
    const mb = residentMb(slice.pid)
    const figure = `RSS ${name}, ${when}`
    return target ? atMost(figure, mb, 'MB', MEMORY_LIMIT_MB) : info(figure, mb, 'MB')
  })
}

async function measure(product: RunningProduct, admin: pg.Client): Promise<BenchRow[]> {
  const productIds = await createProducts(product, PRODUCTS)
  const tokens = await signUpCustomers(product, USERS)
  await waitUntilOrdersPriced(product, tokens[0]!, productIds)
  const users = tokens.map((token, user) => userRequests(user, token, productIds))
  const idle = memoryRows(product, 'idle', false)

  await load(product.api, users, Math.min(RATE, 100), 5) // warm-up: JIT, pools, JWKS caches
  const meters = [
    ...product.processes.map((p) => processMeter(p.name, p)),
    ...product.processes.flatMap((p) =>
      p.database ? [databaseMeter(admin, `PostgreSQL ${p.name}`, p.database)] : [],
    ),
  ]
  for (const meter of meters) await meter.start()
  // The databases are named bench_<run>_<service>, the bus namespace bench_<run>.
  const waits = await sampleWaits(BENCH_PG, `${product.busNamespace}_`)
  const fixed = await load(product.api, users, RATE, SECONDS)
  const waited = await waits.stop()
  const used = await Promise.all(meters.map((meter) => meter.read()))
  console.log(`fixed rate, ${SECONDS} s, ${USERS} users: ${describe(fixed)}`)
  const requests = fixed.achieved * SECONDS
  console.log(
    `  CPU ms per request during it (load average ${loadavg()[0]!.toFixed(1)}): ${meters
      .map((meter, i) => `${meter.name} ${(used[i]! / requests).toFixed(2)}`)
      .join(', ')}; total ${(used.reduce((a, b) => a + b, 0) / requests).toFixed(2)}`,
  )
  console.log(waited)

  let best = 0
  for (let rate = STEP_START; rate <= STEP_MAX; rate += STEP) {
    const step = await load(product.api, users, rate, STEP_SECONDS)
    console.log(`step-up ${STEP_SECONDS} s: ${describe(step)}`)
    if (!passes(step)) break
    best = rate
  }
  const afterLoad = memoryRows(product, 'after the load', true)
  // What the services logged (at BENCH_LOG_LEVEL, warn by default): why a request failed, if one did.
  for (const { name, slice } of product.processes) {
    const logged = slice.output().trim()
    if (logged) console.log(`${name} logged (last 3,000 characters):\n${logged.slice(-3_000)}`)
  }
  return [
    // Whole requests a second: the few still in flight when the run's time is up are not counted as answered.
    atLeast(
      `shopper mix at ${RATE}/s asked, ${SECONDS} s: achieved`,
      Math.round(fixed.achieved),
      'req/s',
      RATE,
    ),
    atMost(`shopper mix at ${RATE}/s: p95`, fixed.p95, 'ms', P95_LIMIT_MS),
    info(`shopper mix at ${RATE}/s: p99`, fixed.p99, 'ms'),
    atMost(`shopper mix at ${RATE}/s: failed requests`, fixed.failed, 'requests', 0),
    ...Object.entries(fixed.p95ByKind).map(([kind, ms]) =>
      info(`shopper mix at ${RATE}/s: p95 of ${kind}`, ms, 'ms'),
    ),
    atLeast('shopper mix step-up: highest rate with p95 ≤ 200 ms, no errors', best, 'req/s', 400),
    ...idle,
    ...afterLoad,
  ]
}

/** The shopper mix on the whole product; run alone with `npm run bench:mix`. */
export async function run(): Promise<BenchRow[]> {
  const admin = new pg.Client(pgConfigFromUrl(BENCH_PG))
  await admin.connect()
  // BENCH_MIX_PROFILE=<dir>: every process runs with --cpu-prof, its profile in <dir>/<process>/.
  const profiles = process.env.BENCH_MIX_PROFILE
  const product = await startProduct({
    tag: 'mix',
    nodeArgsFor: profiles ? (name) => ['--cpu-prof', `--cpu-prof-dir=${profiles}/${name}`] : undefined,
  })
  try {
    return await measure(product, admin)
  } finally {
    await product.stop()
    await admin.end()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('shopper mix', run)
