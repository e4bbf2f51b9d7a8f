/**
 * The product as benches measure it: the production builds of the services and the gateway
 * (`node dist/main.js`, NODE_ENV=production, as in their images), each its own process on a throw-away
 * database, sharing a bus namespace; then a bench catalogue and signed-up customers through the gateway.
 * Used by the shopper mix, the process cost bench and the profiler.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { SERVICES } from '@medstore/contracts'
import { pgConfigFromUrl, withDatabase } from '@medstore/service-kit/prisma'
import pg from 'pg'
import { buildService, stageService } from '../../scripts/build-service'
import { type BuiltSlice, freePort, runBuiltSlice } from '../../scripts/lib/run-built-slice'
import { THROWAWAY_SELLER, throwawayPrescriptionKeys } from '../../scripts/lib/throwaway-production-settings'
import { BENCH_AMQP, BENCH_PG } from './infra'

const PG = BENCH_PG
const AMQP = BENCH_AMQP
const repoRoot = path.resolve(import.meta.dirname, '..', '..')

export type ServiceName = (typeof SERVICES)[number]['name']
export type ProcessName = ServiceName | 'gateway'

export interface ProductProcess {
  name: ProcessName
  slice: BuiltSlice
  /** Its own database (services only). */
  database?: string
}

export interface RunningProduct {
  /** The gateway's base URL. */
  api: string
  processes: ProductProcess[]
  admin: { email: string; password: string }
  /** The bus namespace the processes share (BUS_NAMESPACE): where a bench publishes events of its own. */
  busNamespace: string
  /** Stops one process and starts it again on the same port, database and environment (e.g. after a
   * bench filled its database behind its back, so it starts on that data as it would in production). */
  restart: (name: ProcessName) => Promise<ProductProcess>
  /** Stops every process (SIGTERM, so CPU profiles get written), drops the databases. */
  stop: () => Promise<void>
}

export interface StartOptions {
  /** Which services to run (default: all six). The gateway always runs. */
  services?: ServiceName[]
  /** Extra environment for one process, e.g. NODE_OPTIONS with --cpu-prof; `api` is the gateway's URL. */
  envFor?: (name: ProcessName, api: string) => Record<string, string>
  /** Node options for one process, e.g. `--cpu-prof`. */
  nodeArgsFor?: (name: ProcessName) => string[]
  /** Short tag in database names and the bus namespace. */
  tag: string
  /** Fills a service's new database before the service starts (e.g. 100,000 products for the catalogue's index). */
  prepareDatabase?: (name: ServiceName, databaseUrl: string) => Promise<void>
}

// Services that keep product replicas must have their queues bound before the catalogue announces
// products, so the catalogue starts after them (as in scripts/start.ts).
const startOrder = (names: ServiceName[]) =>
  [...names].sort((a, b) => Number(a === 'catalogue') - Number(b === 'catalogue'))

export async function startProduct(options: StartOptions): Promise<RunningProduct> {
  const run = `${options.tag}_${randomBytes(3).toString('hex')}`
  const busNamespace = `bench_${run}`
  const stageRoot = path.join(repoRoot, '.data', `bench-${run}`)
  const admin = new pg.Client(pgConfigFromUrl(PG))
  await admin.connect()
  const processes: ProductProcess[] = []
  const names = options.services ?? SERVICES.map((service) => service.name)
  const ports = Object.fromEntries(
    await Promise.all([...names, 'gateway'].map(async (name) => [name, await freePort()] as const)),
  ) as Record<ProcessName, number>
  const url = (name: ServiceName) => `http://127.0.0.1:${ports[name]}`
  const credentials = { email: 'bench-admin@medstore.test', password: randomBytes(12).toString('hex') }
  const internalToken = randomBytes(16).toString('hex')
  // Without identity (a bench of public reads only) the key set points where nothing listens: signed-in
  // requests are refused, public ones need no key.
  const jwks = `http://127.0.0.1:${ports.identity ?? 9}/.well-known/jwks.json`
  // A service not named here needs only what every service gets.
  const serviceEnv: Partial<Record<ServiceName, () => Record<string, string>>> = {
    identity: () => ({
      JWT_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      ADMIN_EMAIL: credentials.email,
      ADMIN_PASSWORD: credentials.password,
    }),
    catalogue: () => ({ SEED_DEMO_CATALOGUE: 'false', INTERNAL_TOKEN: internalToken }),
    cart: () => ({}),
    order: () => ({
      CATALOGUE_URL: url('catalogue'),
      CATALOGUE_INTERNAL_TOKEN: internalToken,
      PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
      // Built as in production, with the sandbox: a run that takes no money says so.
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ...THROWAWAY_SELLER,
    }),
    prescription: () => ({ PRESCRIPTION_KEYS: throwawayPrescriptionKeys() }),
    review: () => ({}),
    messaging: () => ({}),
  }

  const stop = async () => {
    for (const running of [...processes].reverse()) await running.slice.stop()
    for (const { database } of processes)
      if (database) await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {})
    await admin.end().catch(() => {})
    rmSync(stageRoot, { recursive: true, force: true })
  }

  const started = new Map<ProcessName, { env: Record<string, string>; healthPath?: string }>()
  const start = async (name: ProcessName, env: Record<string, string>, healthPath?: string) => {
    started.set(name, { env, healthPath })
    const sliceDir = name === 'gateway' ? 'gateway' : `services/${name}`
    await buildService(sliceDir)
    const slice = await runBuiltSlice({
      dir: stageService(sliceDir, stageRoot),
      port: ports[name],
      healthPath,
      nodeArgs: options.nodeArgsFor?.(name),
      // BENCH_LOG_DIR=<dir>: every process's whole output in <dir>/<process>.log (with BENCH_LOG_LEVEL=info,
      // an access line per request with its duration: where a slow request spent its time).
      logFile: process.env.BENCH_LOG_DIR ? path.join(process.env.BENCH_LOG_DIR, `${name}.log`) : undefined,
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        AMQP_URL: AMQP,
        BUS_NAMESPACE: busNamespace,
        JWKS_URL: jwks,
        ...env,
        ...options.envFor?.(name, `http://127.0.0.1:${ports.gateway}`),
      },
    })
    return slice
  }

  try {
    for (const name of startOrder(names)) {
      const database = `bench_${run}_${name}`
      await admin.query(`CREATE DATABASE "${database}"`)
      // Pushed before the start, so a failed start still gets its database dropped.
      const entry = { name, database } as ProductProcess
      await options.prepareDatabase?.(name, withDatabase(PG, database))
      const slice = await start(name, {
        PORT: String(ports[name]),
        DATABASE_URL: withDatabase(PG, database),
        ...serviceEnv[name]?.(),
      })
      processes.push({ ...entry, slice })
    }
    const gateway = await start(
      'gateway',
      {
        GATEWAY_PORT: String(ports.gateway),
        ...Object.fromEntries(names.map((name) => [`${name.toUpperCase()}_URL`, url(name)])),
        SIGNUP_RATE_LIMIT: '1000000',
        LOGIN_RATE_LIMIT: '1000000',
      },
      '/health/live',
    )
    processes.push({ name: 'gateway', slice: gateway })
    const restart = async (name: ProcessName) => {
      const running = processes.find((p) => p.name === name)
      const how = started.get(name)
      if (!running || !how) throw new Error(`${name} is not running in this product`)
      await running.slice.stop()
      running.slice = await start(name, how.env, how.healthPath)
      return running
    }
    return { api: gateway.url, processes, admin: credentials, busNamespace, restart, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

// ---------------------------------------------------------------------------------- calls and fixtures

export async function call(base: string, method: string, url: string, token?: string, json?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  })
  const text = await response.text()
  // biome-ignore lint/suspicious/noExplicitAny: a bench reads a few fields
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any }
}

const MOLECULES = [
  'Paracetamol',
  'Ashwagandha',
  'Cetirizine',
  'Vitamin D3',
  'Tulsi',
  'Triphala',
  'Amoxicillin',
]
const FORMS = ['Tablets', 'Syrup', 'Churna', 'Capsules', 'Drops']

/** Products with ample stock, named as shoppers search for them; returns their ids. */
export async function createProducts(product: RunningProduct, count: number): Promise<string[]> {
  const adminToken = (await call(product.api, 'POST', '/auth/login', undefined, product.admin)).body?.token
  if (!adminToken) throw new Error('the bench administrator could not sign in')
  await call(product.api, 'POST', '/category', adminToken, { name: 'Ayurvedic' })
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const created = await call(product.api, 'POST', '/product', adminToken, {
      name: `${MOLECULES[i % MOLECULES.length]} ${FORMS[i % FORMS.length]} ${100 + i}`,
      category: 'Ayurvedic',
      price: 50 + i * 7.25,
      description: 'Benchmark stock',
      stock: 1_000_000,
    })
    if (created.status !== 201)
      throw new Error(`product not created: ${created.status} ${JSON.stringify(created.body)}`)
    ids.push(created.body._id)
  }
  return ids
}

/** Signs up `count` customers through the gateway; returns their tokens. */
export async function signUpCustomers(product: RunningProduct, count: number): Promise<string[]> {
  const tag = randomBytes(3).toString('hex')
  const tokens: string[] = []
  for (let i = 0; i < count; i++) {
    const signedUp = await call(product.api, 'POST', '/auth/sineUp', undefined, {
      firstName: 'Bench',
      lastName: `Customer${i}`,
      userName: `bench_${tag}_${i}`,
      email: `bench-${tag}-${i}@medstore.test`,
      phone: `96${String(10_000_000 + i).padStart(8, '0')}`,
      password: 'bench-password-1',
      cmPassword: 'bench-password-1',
    })
    if (!signedUp.body?.token)
      throw new Error(`sign-up failed: ${signedUp.status} ${JSON.stringify(signedUp.body)}`)
    tokens.push(signedUp.body.token)
  }
  return tokens
}

/** An address every bench order ships to. */
export const BENCH_SHIPPING = {
  customerName: 'Bench Customer',
  phoneNumber: '9876543210',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  addressLine1: '1 Bench Street',
  postalCode: '560001',
  street: 'Bench Street',
  houseNumber: '1',
}

/** The n-th order of a run: 1–3 lines, half cash and half online. */
export function orderBody(n: number, productIds: string[]) {
  const lines = 1 + (n % 3)
  return {
    items: Array.from({ length: lines }, (_, i) => ({
      productId: productIds[(n * 7 + i) % productIds.length]!,
      quantity: 1 + ((n + i) % 3),
      price: 1,
    })),
    shippingInfo: BENCH_SHIPPING,
    paymentType: n % 2 ? 'online' : 'cash',
  }
}

/** Waits until the order service's product replica can price orders (it fills from product events). */
export async function waitUntilOrdersPriced(product: RunningProduct, token: string, productIds: string[]) {
  for (let attempt = 0; ; attempt++) {
    const placed = await call(product.api, 'POST', '/order', token, orderBody(attempt, productIds))
    if (placed.status === 201) return
    if (attempt > 300)
      throw new Error(`orders still refused (${placed.status}): the product replica did not fill`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
