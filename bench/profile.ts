/**
 * Where the CPU of order placement goes: the whole product (production builds, bench/lib/product.ts) with
 * `node --cpu-prof` on every service and the gateway, under order placement load from autocannon (each
 * connection its own customer, 1–3 line orders). The load window is the load itself plus the time the
 * event consumers need to finish the orders' events. Per process it prints CPU ms per order (from /proc)
 * and the top self time by package and by function in that window; bench/PROFILE.md reads these.
 *
 *   npm run bench:profile     BENCH_PROFILE_SECONDS (30), BENCH_CONNECTIONS (20), BENCH_TOP (12)
 *
 * Writes bench/results/profiles/<process>/*.cpuprofile (open in Chrome DevTools → Performance, or
 * speedscope), the run's figures in bench/results/profiles/run.json and bench/results/profile-summary.md;
 * `npm run bench:profile -- --report` summarises the last run's profiles again.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { type CpuProfile, summarise } from './lib/cpuprofile'
import { describeMachine, machineLine } from './lib/machine'
import { cpuMs } from './lib/proc'
import {
  createProducts,
  orderBody,
  type RunningProduct,
  signUpCustomers,
  startProduct,
  waitUntilOrdersPriced,
} from './lib/product'

const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 30)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const TOP = Number(process.env.BENCH_TOP ?? 12)
const PROFILES = path.join(import.meta.dirname, 'results', 'profiles')
const SUMMARY = path.join(import.meta.dirname, 'results', 'profile-summary.md')

const nowUs = () => Number(process.hrtime.bigint() / 1000n)
const totalCpu = (product: RunningProduct) =>
  new Map(product.processes.map(({ name, slice }) => [name, cpuMs(slice.pid)]))

/** Waits until the processes together use under 5% of a core over a second (the consumers are done). */
async function settle(product: RunningProduct): Promise<void> {
  const deadline = Date.now() + 60_000
  let last = [...totalCpu(product).values()].reduce((a, b) => a + b, 0)
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const now = [...totalCpu(product).values()].reduce((a, b) => a + b, 0)
    if (now - last < 50) return
    last = now
  }
}

async function placeOrders(product: RunningProduct, tokens: string[], productIds: string[]) {
  let nextUser = 0
  const statuses: Record<string, number> = {}
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: product.api,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 30,
        requests: [{ method: 'GET', path: '/health/live' }],
        setupClient: (client) => {
          const user = nextUser++
          const headers = {
            authorization: `bearer ${tokens[user % tokens.length]}`,
            'content-type': 'application/json',
          }
          client.setRequests(
            Array.from({ length: 6 }, (_, i) => ({
              method: 'POST' as const,
              path: '/order',
              headers,
              body: JSON.stringify(orderBody(user * 6 + i, productIds)),
            })),
          )
          client.on('response', (status: number) => {
            statuses[status] = (statuses[status] ?? 0) + 1
          })
        },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
  })
  return { placed: statuses[201] ?? 0, statuses, latency: result.latency }
}

interface ProfileRun {
  when: string
  machine: string
  load: string
  placed: number
  window: { fromUs: number; toUs: number }
  /** CPU ms per order of each process, from /proc over the window. */
  cpuPerOrder: Record<string, number>
}

async function measure(): Promise<ProfileRun> {
  rmSync(PROFILES, { recursive: true, force: true })
  const machine = machineLine(describeMachine())
  const product = await startProduct({
    tag: 'profile',
    nodeArgsFor: (name) => ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILES, name)}`],
  })
  try {
    const productIds = await createProducts(product, 30)
    const tokens = await signUpCustomers(product, CONNECTIONS)
    await waitUntilOrdersPriced(product, tokens[0]!, productIds)
    await placeOrders(product, tokens, productIds.slice(0, 10)) // warm-up: JIT, pools, caches
    await settle(product)
    const before = totalCpu(product)
    const fromUs = nowUs()
    const result = await placeOrders(product, tokens, productIds)
    await settle(product)
    const window = { fromUs, toUs: nowUs() }
    const after = totalCpu(product)
    const placed = result.placed
    if (!placed) throw new Error(`no order was placed: ${JSON.stringify(result.statuses)}`)
    const load = `${CONNECTIONS} connections for ${SECONDS} s: ${placed} orders placed (${(placed / SECONDS).toFixed(1)}/s), p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms; statuses ${JSON.stringify(result.statuses)}`
    console.log(load)
    const cpuPerOrder = Object.fromEntries(
      product.processes.map(({ name }) => [
        name,
        ((after.get(name) ?? 0) - (before.get(name) ?? 0)) / placed,
      ]),
    )
    return { when: new Date().toISOString(), machine, load, placed, window, cpuPerOrder }
  } finally {
    await product.stop() // SIGTERM: each process writes its profile as it exits
  }
}

/**
 * The sampled profile counts wall time while JavaScript runs, which on a busy machine includes time
 * spent waiting for a core; /proc counts CPU only. So shares come from the profile and milliseconds
 * from /proc: a group's CPU per order = its share of the sampled time × the process's CPU per order.
 */
function report(run: ProfileRun): string {
  const lines = [
    '# Order placement profile',
    '',
    `Measured ${run.when} on ${run.machine}.`,
    `Load: ${run.load}. The window is the load plus the time the event consumers needed to finish (${((run.window.toUs - run.window.fromUs) / 1e6).toFixed(1)} s).`,
    '',
    '| process | CPU per order | biggest self-time groups (CPU ms per order) |',
    '|---|---|---|',
  ]
  const details: string[] = []
  for (const [name, perOrder] of Object.entries(run.cpuPerOrder)) {
    const dir = path.join(PROFILES, name)
    const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'))
    if (!file) {
      lines.push(`| ${name} | ${perOrder.toFixed(1)} ms | no profile written |`)
      continue
    }
    const summary = summarise(
      JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile,
      run.window,
    )
    const cpu = (ms: number) => ((ms / summary.busyMs) * perOrder).toFixed(2)
    const share = (ms: number) => `${((ms / summary.busyMs) * 100).toFixed(0)}%`
    lines.push(
      `| ${name} | ${perOrder.toFixed(1)} ms | ${summary.byPackage
        .slice(0, 5)
        .map(([group, ms]) => `${group} ${cpu(ms)}`)
        .join('; ')} |`,
    )
    details.push(
      '',
      `## ${name}: ${perOrder.toFixed(1)} ms CPU per order`,
      '',
      '| package group | CPU ms per order | share |',
      '|---|---|---|',
      ...summary.byPackage.slice(0, TOP).map(([group, ms]) => `| ${group} | ${cpu(ms)} | ${share(ms)} |`),
      '',
      '| function (package) | CPU ms per order | share |',
      '|---|---|---|',
      ...summary.byFunction
        .slice(0, TOP)
        .map(([fn, ms]) => `| ${fn.replaceAll('|', '\\|')} | ${cpu(ms)} | ${share(ms)} |`),
    )
  }
  const total = Object.values(run.cpuPerOrder).reduce((sum, ms) => sum + ms, 0)
  lines.push(`| **all** | **${total.toFixed(1)} ms** | |`, ...details, '')
  return lines.join('\n')
}

// `--report` summarises the profiles of the last run again (after a change to the grouping, say).
const runFile = path.join(PROFILES, 'run.json')
let run: ProfileRun
if (process.argv.includes('--report')) run = JSON.parse(readFileSync(runFile, 'utf8')) as ProfileRun
else {
  run = await measure()
  writeFileSync(runFile, JSON.stringify(run, null, 2))
}
const summary = report(run)
writeFileSync(SUMMARY, summary)
console.log(summary)
