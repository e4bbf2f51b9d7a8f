/**
 * Gateway overhead: the same GET sent straight to a service and through the real gateway, in one run.
 * Prints requests/s, p50 and p99 of each and the throughput ratio (target: the gateway keeps ≥ 90%).
 *
 *   npx tsx bench/gateway-overhead.bench.ts        BENCH_SECONDS (5) BENCH_CONNECTIONS (16) BENCH_ROUNDS (5)
 *
 * Three processes: the service (the kit's express app, as every service runs it, answering a product list
 * of about 3 KB), the gateway (createGateway, as `npm start` runs it), and this one, the load generator.
 * Everything listens on 127.0.0.1 only, and the load is bounded in time and connections.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import { cpus, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { atLeast, atMost, type BenchRow, info, runAlone } from './lib/report'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Math.min(64, Number(process.env.BENCH_CONNECTIONS ?? 16))
const ROUNDS = Math.min(10, Number(process.env.BENCH_ROUNDS ?? 5))
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn'
const PATH = '/product'

// ------------------------------------------------------------------------------------------ child roles

async function serveUpstream(): Promise<void> {
  const { createApp, createLogger } = await import('@medstore/service-kit')
  const { Router } = await import('express')
  const products = Array.from({ length: 20 }, (_, i) => ({
    _id: `p${i}`,
    name: `Ashwagandha Churna ${i}`,
    category: 'Ayurveda',
    price: 199.5 + i,
    image: `http://localhost:8080/product/image/p${i}`,
    description: 'Traditional herbal powder for strength and calm; 100 g pack.',
  }))
  const router = Router()
  router.get(PATH, (_req, res) => {
    res.json(products)
  })
  const app = createApp({ logger: createLogger('bench-service', LOG_LEVEL), routes: [router] })
  const server = app.listen(0, '127.0.0.1', () =>
    console.log(`LISTENING ${(server.address() as net.AddressInfo).port}`),
  )
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

// ------------------------------------------------------------------------------------------ load generator

type Result = {
  requests: number
  seconds: number
  latenciesMs: Float64Array
  errors: number
  /** CPU microseconds per request of each process (Linux /proc), the figure the machine's load disturbs least. */
  cpuUs?: Record<string, number>
}

const TICK_US = 1e6 / 100 // USER_HZ
/** CPU time a process has used so far, in microseconds (Linux; undefined elsewhere). */
function cpuTimeUs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * TICK_US
  } catch {
    return undefined
  }
}

/** Runs the load and charges each process's CPU time to the requests served. */
async function measured(port: number, pids: Record<string, number>): Promise<Result> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuTimeUs(pid)]))
  const self = process.cpuUsage()
  const result = await load(port, SECONDS, CONNECTIONS)
  const cpuUs: Record<string, number> = {}
  for (const [name, pid] of Object.entries(pids)) {
    const after = cpuTimeUs(pid)
    const start = before[name]
    if (after !== undefined && start !== undefined) cpuUs[name] = (after - start) / result.requests
  }
  const used = process.cpuUsage(self)
  cpuUs['load generator'] = (used.user + used.system) / result.requests
  return { ...result, cpuUs }
}

/**
 * Keep-alive HTTP/1.1 over raw sockets: each connection sends the next GET as soon as the previous answer
 * is complete (Content-Length framing). Cheaper than node:http's client, so more of the two cores goes to
 * the servers being measured.
 */
function load(port: number, seconds: number, connections: number): Promise<Result> {
  const request = Buffer.from(
    `GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n\r\n`,
  )
  const latencies: number[] = []
  let errors = 0
  const started = process.hrtime.bigint()
  const deadline = started + BigInt(Math.round(seconds * 1e9))
  const one = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.setNoDelay(true)
      let buffered: Buffer = Buffer.alloc(0)
      let sentAt = 0n
      const send = () => {
        if (process.hrtime.bigint() >= deadline) {
          socket.end()
          return resolve()
        }
        sentAt = process.hrtime.bigint()
        socket.write(request)
      }
      socket.on('connect', send)
      socket.on('error', () => {
        errors++
        resolve()
      })
      socket.on('data', (chunk: Buffer) => {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk
        const headerEnd = buffered.indexOf('\r\n\r\n')
        if (headerEnd === -1) return
        const head = buffered.toString('latin1', 0, headerEnd)
        const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
        if (buffered.length < headerEnd + 4 + length) return
        if (!head.startsWith('HTTP/1.1 200')) errors++
        buffered = buffered.subarray(headerEnd + 4 + length)
        latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6)
        send()
      })
    })
  return Promise.all(Array.from({ length: connections }, one)).then(() => ({
    requests: latencies.length,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    latenciesMs: Float64Array.from(latencies).sort(),
    errors,
  }))
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const rate = (r: Result) => r.requests / r.seconds

function line(label: string, r: Result): string {
  const cpu = r.cpuUs
    ? `   CPU/request: ${Object.entries(r.cpuUs)
        .map(([name, us]) => `${name} ${Math.round(us)} µs`)
        .join(', ')}`
    : ''
  return `${label.padEnd(22)} ${Math.round(rate(r)).toLocaleString('en-US').padStart(7)} req/s   p50 ${percentile(r.latenciesMs, 0.5).toFixed(2).padStart(6)} ms   p99 ${percentile(r.latenciesMs, 0.99).toFixed(2).padStart(6)} ms${r.errors ? `   errors ${r.errors}` : ''}${cpu}`
}

/** Gateway vs direct, paired rounds in one run; run alone with `npm run bench:gateway`. */
export async function run(): Promise<BenchRow[]> {
  const upstream = await startChild(['upstream'])
  const gateway = await startChild(['gateway', `http://127.0.0.1:${upstream.port}`])
  try {
    console.log(
      `GET ${PATH}: ${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds of ${SECONDS} s each way, alternating`,
    )
    // Three busy processes share the cores: other work on the machine moves the ratio (see the CPU figures).
    const machineLoad = () => loadavg()[0]!.toFixed(1)
    console.log(`${cpus().length} cores, load average ${machineLoad()} at start`)
    await load(upstream.port, 1, CONNECTIONS) // warm-up: JIT, connection pools
    await load(gateway.port, 1, CONNECTIONS)
    const direct: Result[] = []
    const proxied: Result[] = []
    for (let round = 0; round < ROUNDS; round++) {
      direct.push(await measured(upstream.port, { service: upstream.child.pid! }))
      proxied.push(
        await measured(gateway.port, { service: upstream.child.pid!, gateway: gateway.child.pid! }),
      )
      console.log(`  round ${round + 1}: ${line('direct', direct.at(-1)!)}`)
      console.log(`  round ${round + 1}: ${line('through the gateway', proxied.at(-1)!)}`)
    }
    // Each gateway round is compared with the direct round just before it (the machine is shared and its
    // load drifts); the figure is the median of those paired ratios, shown beside the median rounds.
    const ratios = proxied.map((g, i) => rate(g) / rate(direct[i]!)).sort((a, b) => a - b)
    const ratio = ratios[Math.floor(ratios.length / 2)]!
    const median = (rs: Result[]) => [...rs].sort((a, b) => rate(a) - rate(b))[Math.floor(rs.length / 2)]!
    console.log(line('direct (median)', median(direct)))
    console.log(line('gateway (median)', median(proxied)))
    console.log(
      `paired rounds: ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}; load average ${machineLoad()} at end`,
    )
    console.log(
      `gateway keeps ${(ratio * 100).toFixed(0)}% of direct throughput (median of paired rounds; target ≥ 90%)`,
    )
    const directMedian = median(direct)
    const gatewayMedian = median(proxied)
    const addedP99 = percentile(gatewayMedian.latenciesMs, 0.99) - percentile(directMedian.latenciesMs, 0.99)
    return [
      info('GET /product (20 items, stub service) direct', rate(directMedian), 'req/s'),
      info('GET /product (20 items, stub service) through the gateway', rate(gatewayMedian), 'req/s'),
      atLeast('gateway share of direct throughput', Number(ratio.toFixed(2)), '× direct', 0.9),
      atMost('p99 the gateway adds', addedP99, 'ms', 2),
      atMost(
        'errors',
        direct.concat(proxied).reduce((sum, r) => sum + r.errors, 0),
        'responses',
        0,
      ),
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
else if (role === 'gateway') await serveGateway(arg!)
else await runAlone('gateway overhead', run)
