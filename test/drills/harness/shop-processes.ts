// The shop as `npm start` runs it, but private: the six services and the gateway as child processes (tsx,
// each in its own process group, so SIGKILL and SIGTERM are real signals to real processes), pointed at the
// drill's own PostgreSQL and RabbitMQ and at free ports. Logs go to <logDir>/<name>.log.
import { type ChildProcess, spawn } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { SERVICES } from '@medstore/contracts'
import { databaseUrl, ensureDatabase } from '../../../scripts/infra/postgres'
import { freePort, waitUntil } from './ports'

export type ServiceName = (typeof SERVICES)[number]['name']
export type SliceName = ServiceName | 'gateway'
export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((s) => s.name)
export const ADMIN = { email: 'drill-admin@medstore.test', password: 'drill-admin-password' }

const REPO = resolve(import.meta.dirname, '../../..')
/**
 * `node --import tsx <entry>`, one process, rather than the tsx command: the tsx command is a parent that
 * relays SIGTERM and SIGKILLs its child when the child has not acknowledged within 30 ms (routine on a busy
 * machine), which cut graceful shutdowns short (exit 143, in-flight requests lost).
 */
const NODE_WITH_TSX = [process.execPath, '--import', 'tsx'] as const
const READY_TIMEOUT_MS = 120_000

export interface ShopProcesses {
  gatewayUrl: string
  ports: Record<SliceName, number>
  /** Each service's database URL on the drill's PostgreSQL. */
  databases: Record<ServiceName, string>
  /** Sends a signal to the slice's process group; resolves with its exit code once it has exited. */
  signal(name: SliceName, signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null>
  /** Starts the slice again (same port and settings); resolves once it answers ready. */
  start(name: SliceName): Promise<void>
  /** True when the slice answers its readiness check with 200. */
  ready(name: SliceName): Promise<boolean>
  stop(): Promise<void>
}

export async function startShopProcesses(options: {
  adminUrl: string
  amqpUrl: string
  /** Slices to run (default: all six services and the gateway). */
  only?: readonly ServiceName[]
}): Promise<ShopProcesses> {
  const names = options.only ?? SERVICE_NAMES
  const logDir = mkdtempSync(join(tmpdir(), 'medstore-drill-logs-'))
  const dataDir = mkdtempSync(join(tmpdir(), 'medstore-drill-data-'))
  const ports = {} as Record<SliceName, number>
  for (const name of [...names, 'gateway'] as const) ports[name] = await freePort()
  const databases = {} as Record<ServiceName, string>
  for (const name of names) {
    const db = `drill_${name}`
    await ensureDatabase(options.adminUrl, db)
    databases[name] = databaseUrl(options.adminUrl, db)
  }
  const url = (name: SliceName) => `http://127.0.0.1:${ports[name]}`
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
  // Separate processes: each would otherwise generate its own internal secret.
  const internalSecret = randomBytes(32).toString('hex')
  const common = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    AMQP_URL: options.amqpUrl,
    JWKS_URL: `${url('identity')}/.well-known/jwks.json`,
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: '5',
  }
  const own: Partial<Record<SliceName, Record<string, string>>> = {
    identity: { JWT_PRIVATE_KEY: privateKey, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    // A short reservation lease, so the audit sees orphaned reservations given back within its wait.
    catalogue: {
      SEED_DEMO_CATALOGUE: 'false',
      RESERVATION_LEASE_MS: '20000',
      RESERVATION_SWEEP_MS: '2000',
      INTERNAL_TOKEN: internalSecret,
    },
    order: { CATALOGUE_URL: url('catalogue'), CATALOGUE_INTERNAL_TOKEN: internalSecret },
    gateway: {
      ...Object.fromEntries(names.map((name) => [`${name.toUpperCase()}_URL`, url(name)])),
      GATEWAY_PORT: String(ports.gateway),
      UPSTREAM_TIMEOUT_MS: '5000',
      LOGIN_RATE_LIMIT: '100000',
      SIGNUP_RATE_LIMIT: '100000',
      CORS_ORIGINS: 'http://localhost:3000',
    },
  }
  const envOf = (name: SliceName) => ({
    ...common,
    PORT: String(ports[name]),
    ...(name === 'gateway' ? {} : { DATABASE_URL: databases[name] }),
    ...own[name],
  })
  const entry = (name: SliceName) =>
    name === 'gateway'
      ? join(REPO, 'gateway', 'src', 'main.ts')
      : join(REPO, 'services', name, 'src', 'main.ts')

  const children = new Map<SliceName, { child: ChildProcess; exited: Promise<number | null> }>()
  const spawnSlice = (name: SliceName) => {
    const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' })
    const [node, ...flags] = NODE_WITH_TSX
    const child = spawn(node, [...flags, entry(name)], {
      cwd: name === 'gateway' ? join(REPO, 'gateway') : join(REPO, 'services', name),
      env: envOf(name),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    child.stdout?.pipe(log)
    child.stderr?.pipe(log)
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
    children.set(name, { child, exited })
  }
  const ready = async (name: SliceName) => {
    // The gateway's /health asks every service; a drill that runs some of them asks only whether it is up.
    const path = name === 'gateway' ? '/health/live' : '/health/ready'
    return fetch(`${url(name)}${path}`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.ok)
      .catch(() => false)
  }
  const start = async (name: SliceName) => {
    spawnSlice(name)
    if (!(await waitUntil(() => ready(name), READY_TIMEOUT_MS, 100)))
      throw new Error(`${name} was not ready in ${READY_TIMEOUT_MS} ms; see ${join(logDir, `${name}.log`)}`)
  }
  const signal = async (name: SliceName, sig: 'SIGKILL' | 'SIGTERM') => {
    const running = children.get(name)
    if (!running?.child.pid) return null
    try {
      process.kill(-running.child.pid, sig)
    } catch {
      // already gone
    }
    return running.exited
  }

  const stop = async () => {
    await signal('gateway', 'SIGTERM')
    await Promise.all(names.map((name) => signal(name, 'SIGTERM')))
    for (const [, { child }] of children) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true })
    if (process.env.DRILL_KEEP_LOGS !== '1') rmSync(logDir, { recursive: true, force: true })
    else console.log(`drill logs kept in ${logDir}`)
  }

  try {
    // identity first (the others fetch its keys), the catalogue last: the order service's product replica
    // must have its queue bound before products are announced (the order `npm start` uses).
    await start('identity')
    await Promise.all(names.filter((n) => n !== 'identity' && n !== 'catalogue').map(start))
    if (names.includes('catalogue')) await start('catalogue')
    await start('gateway')
  } catch (error) {
    await stop()
    throw error
  }
  return { gatewayUrl: url('gateway'), ports, databases, signal, start, ready, stop }
}
