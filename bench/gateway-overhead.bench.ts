/**
 * Gateway overhead: the same GET sent straight to a service and through the real gateway, in one run.
 * Prints the gateway's own CPU per proxied GET at capacity (target ≤ 50 µs, issue 35), each path's capacity
 * and their ratio (information: a ratio of CPU costs on shared cores), the share at 16 connections
 * (latency-bound), the p99 the gateway adds at a moderate fixed rate (≤ 2 ms), and the floor under its CPU:
 * a proxy with no logic measured in the same rounds, and the gateway's own cost above it.
 *
 *   npx tsx bench/gateway-overhead.bench.ts        BENCH_SECONDS (5) BENCH_CONNECTIONS (64) BENCH_ROUNDS (5)
 *
 * Three processes: the service (the kit's express app, as every service runs it, answering a product list
 * of about 3 KB), the gateway (createGateway, as `npm start` runs it), and this one, the load generator (and,
 * for the floor's rounds, the proxy with no logic). The children run with the image's heap and malloc
 * settings. Everything listens on 127.0.0.1 only, and the load is bounded in time and connections.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import type net from 'node:net'
import { cpus, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { Dispatcher } from 'undici'
import { PRODUCTION_NODE_ENV } from '../scripts/lib/node-runtime'
import { closedLoop, fixedRate, type LoadResult, percentile, requestsPerSecond } from './lib/http-load'
import { cpuMs } from './lib/proc'
import { atMost, type BenchRow, info, runAlone } from './lib/report'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
/** Enough to saturate either path on 2 cores (a sweep of 8–64 levels off from 32 through the gateway). */
const CAPACITY_CONNECTIONS = Math.min(128, Number(process.env.BENCH_CONNECTIONS ?? 64))
const FEW_CONNECTIONS = 16
/**
 * "Moderate load" for the p99 the gateway adds: a fixed rate above the listing's own target (1,500 req/s)
 * and a small share of either path's capacity; fixed, so that it means the same load whatever the code.
 */
const MODERATE_RATE = Number(process.env.BENCH_MODERATE_RATE ?? 2000)
const ROUNDS = Math.min(10, Number(process.env.BENCH_ROUNDS ?? 5))
const SIDE_ROUNDS = Math.min(ROUNDS, 3)
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn'
const PATH = '/product'

// ------------------------------------------------------------------------------------------ child roles

const PRODUCTS = Array.from({ length: 20 }, (_, i) => ({
  _id: `p${i}`,
  name: `Ashwagandha Churna ${i}`,
  category: 'Ayurveda',
  price: 199.5 + i,
  image: `http://localhost:8080/product/image/p${i}`,
  description: 'Traditional herbal powder for strength and calm; 100 g pack.',
}))

const ANSWER_KB = (Buffer.byteLength(JSON.stringify(PRODUCTS)) / 1024).toFixed(1)

async function serveUpstream(): Promise<void> {
  const { createApp, createLogger, expressServer } = await import('@medstore/service-kit')
  const { Router } = await import('express')
  const products = PRODUCTS
  const router = Router()
  router.get(PATH, (_req, res) => {
    res.json(products)
  })
  const app = createApp({ logger: createLogger('bench-service', LOG_LEVEL), routes: [router] })
  const server = expressServer(app).listen(0, '127.0.0.1', () =>
    console.log(`LISTENING ${(server.address() as net.AddressInfo).port}`),
  )
}

/**
 * The same answer from plain node:http, no express: what the gateway adds in front of a service whose own
 * pauses are short (express's garbage-collection pauses are most of the kit service's p99 tail).
 */
async function servePlainUpstream(): Promise<void> {
  const http = await import('node:http')
  const server = http
    .createServer((_req, res) => {
      const body = JSON.stringify(PRODUCTS)
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      })
      res.end(body)
    })
    .listen(0, '127.0.0.1', () => console.log(`LISTENING ${(server.address() as net.AddressInfo).port}`))
}

async function serveGateway(upstreamUrl: string): Promise<void> {
  const { createLogger, loadConfig } = await import('@medstore/service-kit')
  const { createGateway } = await import('../gateway/src/app')
  const { gatewayEnv } = await import('../gateway/src/config')
  const config = loadConfig(gatewayEnv, { CATALOGUE_URL: upstreamUrl, LOG_LEVEL, NODE_ENV: 'production' })
  const server = createGateway(config, createLogger('gateway', LOG_LEVEL)).listen(0, '127.0.0.1', () =>
    console.log(`LISTENING ${(server.address() as net.AddressInfo).port}`),
  )
}

/**
 * The floor under the gateway's CPU target: a proxy with no logic at all (node:http's server, one undici
 * Pool, the answer's headers copied but the connection-level ones), run beside the gateway in the same
 * rounds. This VM's speed drifts by a third within an hour, so the gateway's figure alone says little; what
 * the gateway's own code costs is its figure minus this one, measured minutes apart on the same cores.
 */
async function serveBareProxy(upstreamUrl: string): Promise<void> {
  const http = await import('node:http')
  const { Pool } = await import('undici')
  const pool = new Pool(upstreamUrl, { connections: CAPACITY_CONNECTIONS })
  const server = http
    .createServer((req, res) => {
      const handler: Dispatcher.DispatchHandler = {
        onConnect() {},
        onHeaders(status: number, raw: Buffer[]) {
          const headers: string[] = []
          for (let i = 0; i < raw.length; i += 2) {
            const name = raw[i]!.toString('latin1').toLowerCase()
            if (name === 'connection' || name === 'keep-alive' || name === 'transfer-encoding') continue
            headers.push(name, raw[i + 1]!.toString('latin1'))
          }
          res.writeHead(status, headers)
          return true
        },
        // A 4 KB answer fits the socket's buffer: no backpressure to honour, so none is paid for.
        onData(chunk: Buffer) {
          res.write(chunk)
          return true
        },
        onComplete() {
          res.end()
        },
        onError() {
          res.destroy()
        },
      }
      pool.dispatch(
        { path: req.url ?? '/', method: 'GET', headers: req.headers as Record<string, string> },
        handler,
      )
    })
    .listen(0, '127.0.0.1', () => console.log(`LISTENING ${(server.address() as net.AddressInfo).port}`))
}

/**
 * A child with the image's runtime settings (scripts/lib/node-runtime.ts): its garbage collector, most of the
 * gateway's p99 and part of its CPU, must be the one production runs (bench/PROFILE.md, issue 35 fifth pass).
 */
function startChild(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_PROFILE=<dir> writes a CPU profile of the gateway there (to see where its time goes).
  const profile =
    args[0] === 'gateway' && process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : []
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), ...args],
    {
      env: { ...process.env, ...PRODUCTION_NODE_ENV },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^LISTENING (\d+)$/.exec(line)
      if (match) resolve({ child, port: Number(match[1]) })
    })
  })
}

// ------------------------------------------------------------------------------------------ measuring

type Measured = LoadResult & {
  /** CPU microseconds per request of each process (Linux /proc), the figure the machine's load disturbs least. */
  cpuUs: Record<string, number>
}

/** Runs the load and charges each process's CPU time to the requests served. */
async function measured(pids: Record<string, number>, load: () => Promise<LoadResult>): Promise<Measured> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]))
  const self = process.cpuUsage()
  const result = await load()
  const cpuUs: Record<string, number> = {}
  for (const [name, pid] of Object.entries(pids))
    cpuUs[name] = ((cpuMs(pid) - before[name]!) * 1000) / result.requests
  const used = process.cpuUsage(self)
  cpuUs['load generator'] = (used.user + used.system) / result.requests
  return { ...result, cpuUs }
}

function line(label: string, r: Measured): string {
  const cpu = `   CPU/request: ${Object.entries(r.cpuUs)
    .map(([name, us]) => `${name} ${Math.round(us)} µs`)
    .join(', ')}`
  return `${label.padEnd(22)} ${Math.round(requestsPerSecond(r)).toLocaleString('en-US').padStart(7)} req/s   p50 ${percentile(r.latenciesMs, 0.5).toFixed(2).padStart(6)} ms   p99 ${percentile(r.latenciesMs, 0.99).toFixed(2).padStart(6)} ms${r.errors ? `   errors ${r.errors}` : ''}${cpu}`
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

type Paths = { direct: number; gateway: number; pids: { service: number; gateway: number } }
type Pair = { direct: Measured; gateway: Measured }

/**
 * The same load on each path, `rounds` times, alternating: the machine is shared and its speed drifts
 * within minutes, so each gateway round is compared with the direct round just before it.
 */
async function pairedRounds(
  title: string,
  paths: Paths,
  rounds: number,
  load: (port: number) => Promise<LoadResult>,
): Promise<Pair[]> {
  console.log(`\n${title}`)
  const pairs: Pair[] = []
  for (let round = 1; round <= rounds; round++) {
    const direct = await measured({ service: paths.pids.service }, () => load(paths.direct))
    const gateway = await measured(paths.pids, () => load(paths.gateway))
    console.log(`  round ${round}: ${line('direct', direct)}`)
    console.log(`  round ${round}: ${line('through the gateway', gateway)}`)
    pairs.push({ direct, gateway })
  }
  return pairs
}

const shareOf = (pairs: Pair[]) => {
  const ratios = pairs.map((p) => requestsPerSecond(p.gateway) / requestsPerSecond(p.direct))
  console.log(`  paired rounds: ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}`)
  return median(ratios)
}

type Floor = { bareUs: number; gatewayUs: number }

/**
 * The gateway and a proxy with no logic (serveBareProxy) in front of the same service, alternating rounds at
 * capacity: each one's CPU per proxied GET, medians of the rounds.
 */
async function aboveBareProxy(paths: Paths, rounds: number): Promise<Floor> {
  const bare = await startChild(['bare-proxy', `http://127.0.0.1:${paths.direct}`])
  try {
    await closedLoop(bare.port, PATH, 1, CAPACITY_CONNECTIONS)
    console.log(
      `\nThe floor: a proxy with no logic (node:http + one undici Pool) in front of the same service, ${rounds} rounds of ${SECONDS} s each, alternating with the gateway`,
    )
    const bareUs: number[] = []
    const gatewayUs: number[] = []
    for (let round = 1; round <= rounds; round++) {
      const viaBare = await measured({ 'bare proxy': bare.child.pid!, service: paths.pids.service }, () =>
        closedLoop(bare.port, PATH, SECONDS, CAPACITY_CONNECTIONS),
      )
      const viaGateway = await measured(paths.pids, () =>
        closedLoop(paths.gateway, PATH, SECONDS, CAPACITY_CONNECTIONS),
      )
      console.log(`  round ${round}: ${line('bare proxy', viaBare)}`)
      console.log(`  round ${round}: ${line('through the gateway', viaGateway)}`)
      bareUs.push(viaBare.cpuUs['bare proxy']!)
      gatewayUs.push(viaGateway.cpuUs.gateway!)
    }
    return { bareUs: median(bareUs), gatewayUs: median(gatewayUs) }
  } finally {
    bare.child.kill('SIGTERM')
  }
}

/** The moderate rounds again, with a plain node:http service behind a gateway of its own. */
async function moderateInFrontOfPlainService(rate: number): Promise<Pair[]> {
  const upstream = await startChild(['upstream-plain'])
  const gateway = await startChild(['gateway', `http://127.0.0.1:${upstream.port}`])
  try {
    const paths: Paths = {
      direct: upstream.port,
      gateway: gateway.port,
      pids: { service: upstream.child.pid!, gateway: gateway.child.pid! },
    }
    await closedLoop(paths.direct, PATH, 1, CAPACITY_CONNECTIONS)
    await closedLoop(paths.gateway, PATH, 1, CAPACITY_CONNECTIONS)
    return await pairedRounds(
      `The same rate in front of a plain node:http service, ${SIDE_ROUNDS} rounds of ${SECONDS} s each way`,
      paths,
      SIDE_ROUNDS,
      (port) => fixedRate(port, PATH, SECONDS, rate),
    )
  } finally {
    gateway.child.kill('SIGTERM')
    upstream.child.kill('SIGTERM')
  }
}

/**
 * Gateway vs direct in one run; run alone with `npm run bench:gateway`. Throughput is each path's
 * capacity (closed loop with enough connections to saturate both); the p99 the gateway adds is measured
 * at a moderate fixed rate (2,000 req/s), in front of the kit's service and of plain
 * node:http. The share at 16 connections is printed as well: it is
 * latency-bound (a request spends one more hop, so 16 connections keep the service busy less of the time),
 * not a throughput.
 */
export async function run(): Promise<BenchRow[]> {
  const upstream = await startChild(['upstream'])
  const gateway = await startChild(['gateway', `http://127.0.0.1:${upstream.port}`])
  const paths: Paths = {
    direct: upstream.port,
    gateway: gateway.port,
    pids: { service: upstream.child.pid!, gateway: gateway.child.pid! },
  }
  try {
    const machineLoad = () => loadavg()[0]!.toFixed(1)
    console.log(`GET ${PATH}, ${cpus().length} cores, load average ${machineLoad()} at start`)
    await closedLoop(paths.direct, PATH, 1, CAPACITY_CONNECTIONS) // warm-up: JIT, connection pools
    await closedLoop(paths.gateway, PATH, 1, CAPACITY_CONNECTIONS)

    const capacity = await pairedRounds(
      `Capacity: ${CAPACITY_CONNECTIONS} keep-alive connections, ${ROUNDS} rounds of ${SECONDS} s each way, alternating`,
      paths,
      ROUNDS,
      (port) => closedLoop(port, PATH, SECONDS, CAPACITY_CONNECTIONS),
    )
    const share = shareOf(capacity)
    // The issue's target (35): the gateway's own CPU per proxied GET, the share above being a ratio of CPU
    // costs on shared cores that falls as the services get cheaper.
    const gatewayCpuUs = median(capacity.map((p) => p.gateway.cpuUs.gateway!))
    const directCapacity = median(capacity.map((p) => requestsPerSecond(p.direct)))
    const gatewayCapacity = median(capacity.map((p) => requestsPerSecond(p.gateway)))

    const floor = await aboveBareProxy(paths, ROUNDS)

    const few = await pairedRounds(
      `Latency-bound: ${FEW_CONNECTIONS} keep-alive connections, ${SIDE_ROUNDS} rounds of ${SECONDS} s each way`,
      paths,
      SIDE_ROUNDS,
      (port) => closedLoop(port, PATH, SECONDS, FEW_CONNECTIONS),
    )
    const fewShare = shareOf(few)

    const rate = MODERATE_RATE
    const moderate = await pairedRounds(
      `Moderate load: ${rate} requests/s at a fixed rate, ${ROUNDS} rounds of ${SECONDS} s each way`,
      paths,
      ROUNDS,
      (port) => fixedRate(port, PATH, SECONDS, rate),
    )
    const p99 = (r: LoadResult) => percentile(r.latenciesMs, 0.99)
    const addedP99 = median(moderate.map((p) => p99(p.gateway) - p99(p.direct)))
    const p50 = (r: LoadResult) => percentile(r.latenciesMs, 0.5)
    const addedP50 = median(moderate.map((p) => p50(p.gateway) - p50(p.direct)))
    const plain = await moderateInFrontOfPlainService(rate)
    const plainAddedP99 = median(plain.map((p) => p99(p.gateway) - p99(p.direct)))
    const gatewayCpuAtRateUs = median(moderate.map((p) => p.gateway.cpuUs.gateway!))

    console.log(`\nload average ${machineLoad()} at end`)
    console.log(
      `gateway CPU per proxied GET: ${gatewayCpuUs.toFixed(0)} µs at capacity (median of rounds; target ≤ 50 µs), ${gatewayCpuAtRateUs.toFixed(0)} µs at ${rate} req/s`,
    )
    console.log(
      `a proxy with no logic, same service and cores: ${floor.bareUs.toFixed(0)} µs per GET; the gateway in the same rounds ${floor.gatewayUs.toFixed(0)} µs, its own code and checks ${(floor.gatewayUs - floor.bareUs).toFixed(0)} µs above that floor`,
    )
    console.log(
      `gateway keeps ${(share * 100).toFixed(0)}% of direct capacity (median of paired rounds; information: a ratio of CPU costs); ${(fewShare * 100).toFixed(0)}% at ${FEW_CONNECTIONS} connections (latency-bound)`,
    )
    console.log(
      `the gateway adds at ${rate} requests/s: p50 ${addedP50.toFixed(2)} ms, p99 ${addedP99.toFixed(2)} ms (median of paired rounds; target p99 ≤ 2 ms)`,
    )
    console.log(
      `in front of a plain node:http service at the same rate: p99 ${plainAddedP99.toFixed(2)} ms (the gateway's own)`,
    )
    const errors = [...capacity, ...few, ...moderate, ...plain].reduce(
      (sum, p) => sum + p.direct.errors + p.gateway.errors,
      0,
    )
    return [
      info('GET /product (20 items, stub service) direct capacity', directCapacity, 'req/s'),
      info('GET /product (20 items, stub service) through the gateway capacity', gatewayCapacity, 'req/s'),
      atMost(
        `gateway CPU per proxied GET of ${ANSWER_KB} KB (capacity, median of rounds)`,
        Math.round(gatewayCpuUs),
        'µs',
        50,
      ),
      info(`gateway CPU per proxied GET at ${rate} req/s`, Math.round(gatewayCpuAtRateUs), 'µs'),
      info(
        'CPU per proxied GET of a proxy with no logic (node:http + undici Pool), the floor (capacity)',
        Math.round(floor.bareUs),
        'µs',
      ),
      info(
        "gateway's own CPU per proxied GET above that floor (same rounds)",
        Math.round(floor.gatewayUs - floor.bareUs),
        'µs',
      ),
      info('gateway share of direct throughput (capacity)', Number(share.toFixed(2)), '× direct'),
      info(
        `gateway share at ${FEW_CONNECTIONS} connections (latency-bound)`,
        Number(fewShare.toFixed(2)),
        '× direct',
      ),
      info(`p50 the gateway adds at a moderate ${rate} req/s`, addedP50, 'ms'),
      atMost(`p99 the gateway adds at a moderate ${rate} req/s`, addedP99, 'ms', 2),
      info(`p99 the gateway adds at ${rate} req/s in front of plain node:http`, plainAddedP99, 'ms'),
      atMost('errors', errors, 'responses', 0),
    ]
  } finally {
    gateway.child.kill('SIGTERM')
    upstream.child.kill('SIGTERM')
  }
}

const [role, arg] = process.argv.slice(2)
// A plain exit on SIGTERM, so that a CPU profile is written.
if (role) process.once('SIGTERM', () => process.exit(0))
if (role === 'upstream') await serveUpstream()
else if (role === 'upstream-plain') await servePlainUpstream()
else if (role === 'bare-proxy') await serveBareProxy(arg!)
else if (role === 'gateway') await serveGateway(arg!)
else await runAlone('gateway overhead', run)
