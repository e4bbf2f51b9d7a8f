import { generateKeyPairSync } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createLogger, type LogDestination, loadConfig } from '@medstore/service-kit'
import { startTestService, type TestService } from '@medstore/service-kit/testing'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll } from 'vitest'
import { cartService } from '../../services/cart/src/service'
import { catalogueService } from '../../services/catalogue/src/service'
import { identityService } from '../../services/identity/src/service'
import { messagingService } from '../../services/messaging/src/service'
import { orderService } from '../../services/order/src/service'
import { prescriptionService } from '../../services/prescription/src/service'
import { reviewService } from '../../services/review/src/service'
import { createGateway } from '../src/app'
import { gatewayEnv } from '../src/config'

export type Running = TestService<unknown, unknown>

/** A delivery address in the shape POST /order takes. */
export const SHIPPING = {
  customerName: 'Asha Rao',
  phoneNumber: '+91 98765 43210',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  addressLine1: '12 MG Road',
  postalCode: '560001',
  street: 'MG Road',
  houseNumber: '12',
}
export const ADMIN = { email: 'pharmacist@medstore.test', password: 'admin-password-1' }

// Known key material for identity, so a test can also forge the tokens no client could get (expired ones).
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

/** Every service in-process: identity first (its JWKS is what the others verify with), then the rest at once. */
export async function startServices(
  /** `env`: settings every service gets (e.g. PUBLIC_API_URL and SHELL_URL when a browser follows links). */
  /** `logTo`: where every service logs (with `LOG_LEVEL` in `env` for how much; silent by default). */
  options: { demoCatalogue?: boolean; env?: Record<string, string>; logTo?: LogDestination } = {},
): Promise<Map<string, Running>> {
  const running = new Map<string, Running>()
  const identity = (await startTestService(
    identityService,
    {
      ...options.env,
      JWT_PRIVATE_KEY: PRIVATE_PEM,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    options.logTo,
  )) as unknown as Running
  running.set('identity', identity)
  const JWKS_URL = `${identity.url}/.well-known/jwks.json`
  const catalogue = (await startTestService(
    catalogueService,
    {
      ...options.env,
      JWKS_URL,
      SEED_DEMO_CATALOGUE: options.demoCatalogue ? 'true' : 'false',
    },
    options.logTo,
  )) as unknown as Running
  running.set('catalogue', catalogue)
  const start = async (def: unknown, env: Record<string, string> = {}) => {
    const service = (await startTestService(
      def as never,
      { ...options.env, JWKS_URL, ...env },
      options.logTo,
    )) as unknown as Running
    return [service.name, service] as const
  }
  const others = await Promise.all([
    start(cartService),
    start(orderService, { CATALOGUE_URL: catalogue.url }),
    start(reviewService),
    start(messagingService),
    start(prescriptionService),
  ])
  for (const [name, service] of others) running.set(name, service)
  await replicasInStep(running)
  return running
}

type ProductCounter = { product: { count: () => Promise<number> } }
const REPLICA_WAIT_MS = 90_000

/**
 * Waits until the cart, order and review replicas hold every catalogue product. They fill from
 * product events after start-up; a test that orders a seeded product before then gets a 404
 * "Product not found" (seen on a busy machine).
 */
async function replicasInStep(running: Map<string, Running>): Promise<void> {
  const count = (name: string) => {
    const service = running.get(name)
    if (!service) throw new Error(`the ${name} service is not running`)
    return (service.db as ProductCounter).product.count()
  }
  const wanted = await count('catalogue')
  const deadline = Date.now() + REPLICA_WAIT_MS
  for (const name of ['cart', 'order', 'review']) {
    while ((await count(name)) < wanted) {
      if (Date.now() > deadline) {
        // Not fatal here: a test that needs the seeded products then fails with its own message.
        console.warn(`the ${name} service's product replica did not fill within ${REPLICA_WAIT_MS} ms`)
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

export type Gateway = { url: string; close: () => Promise<void> }

/** One request and the gateway's answer, as a client saw it (for checking answers against the OpenAPI document). */
export type Exchange = { method: string; url: string; status: number; contentType: string; body: Buffer }
const RECORDED_BODY_MAX = 1024 * 1024

function contentTypeIn(headers: string[] | Record<string, unknown> | undefined): string {
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2)
      if (headers[i]!.toLowerCase() === 'content-type') return String(headers[i + 1])
    return ''
  }
  const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === 'content-type')
  return name ? String(headers![name]) : ''
}

/** Records every exchange the server answers into `into` (bodies up to 1 MB). */
function recordExchanges(server: Server, into: Exchange[]) {
  server.prependListener('request', (req, res) => {
    const chunks: Buffer[] = []
    let size = 0
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding)
      size += buf.length
      if (size <= RECORDED_BODY_MAX) chunks.push(buf)
    }
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res
    // A proxied answer's headers go to writeHead as a list, never through setHeader (getHeader knows none).
    let writtenType = ''
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res
    res.writeHead = ((...args: unknown[]) => {
      const headers = args.find((arg) => typeof arg === 'object' && arg !== null)
      writtenType = contentTypeIn(headers as string[] | Record<string, unknown> | undefined)
      return writeHead(...args)
    }) as typeof res.writeHead
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1])
      return write(...args)
    }) as typeof res.write
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1])
      return end(...args)
    }) as typeof res.end
    res.once('finish', () =>
      into.push({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        status: res.statusCode,
        contentType: String(res.getHeader('content-type') ?? writtenType),
        body: Buffer.concat(chunks),
      }),
    )
  })
}

/** The real gateway on a random port, routing to the given services (or to any URL per service). */
export async function startGateway(
  running: Map<string, { url: string }>,
  overrides: Record<string, string> = {},
  record?: Exchange[],
  /** Where the gateway logs, at trace level (default: it stays silent). */
  logTo?: LogDestination,
): Promise<Gateway> {
  const urls = Object.fromEntries([...running].map(([name, s]) => [`${name.toUpperCase()}_URL`, s.url]))
  const identity = running.get('identity')
  const config = loadConfig(gatewayEnv, {
    ...urls,
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    UPSTREAM_TIMEOUT_MS: '5000',
    CORS_ORIGINS: 'http://localhost:3000',
    ...(identity ? { JWKS_URL: `${identity.url}/.well-known/jwks.json` } : {}),
    // Generous by default: the matrix signs in and up many times from one address.
    LOGIN_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    ...overrides,
  })
  const server: Server = createGateway(
    config,
    logTo ? createLogger('gateway', 'trace', logTo) : createLogger('gateway', 'silent'),
  )
  if (record) recordExchanges(server, record)
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

type SignedIn = {
  token: string
  userInfo: { id: string; name: string; email: string; userName: string; isAdmin: boolean }
  refreshToken?: string
}

async function post(base: string, path: string, body: unknown): Promise<SignedIn> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as SignedIn
}

/** The password every test customer signs up with. */
export const CUSTOMER_PASSWORD = 'correct horse battery'

let customers = 0
export async function signUpCustomer(base: string): Promise<SignedIn> {
  const n = `${Date.now().toString(36)}${customers++}`
  return post(base, '/auth/sineUp', {
    firstName: 'Asha',
    lastName: 'Rao',
    userName: `asha_${n}`,
    email: `asha.${n}@example.in`,
    phone: '9876543210',
    password: CUSTOMER_PASSWORD,
    cmPassword: CUSTOMER_PASSWORD,
  })
}

export const signInAdmin = (base: string) => post(base, '/auth/login', ADMIN)

/** The seven callers of the authorisation matrix, with real tokens from the identity service. */
export async function identities(base: string) {
  const customer = await signUpCustomer(base)
  const another = await signUpCustomer(base)
  const admin = await signInAdmin(base)
  const kid = (jwt.decode(customer.token, { complete: true })?.header.kid as string) ?? undefined
  const claims = jwt.decode(customer.token) as jwt.JwtPayload
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const [h, , s] = customer.token.split('.')
  return {
    guest: undefined,
    customer: customer.token,
    'another customer': another.token,
    administrator: admin.token,
    'expired token': jwt.sign({ userName: claims.userName, name: claims.name, isAdmin: true }, privateKey, {
      algorithm: 'RS256',
      keyid: kid,
      issuer: 'medicine-store-identity',
      audience: 'medicine-store',
      subject: claims.sub,
      expiresIn: -60,
    }),
    'tampered token': `${h}.${b64({ ...claims, isAdmin: true })}.${s}`,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, isAdmin: true })}.`,
  } satisfies Record<string, string | undefined>
}
export type Caller = keyof Awaited<ReturnType<typeof identities>>

/** One suite's whole shop, filled in before its first test (see useTestShop). */
export interface TestShop {
  running: Map<string, Running>
  gateway: Gateway
  /** Every exchange through the gateway, when started with `record` (checked against the OpenAPI document). */
  exchanges: Exchange[]
  /** The administrator's token. */
  admin: string
  /** A new customer's token, when started with `customer`. */
  customer: string
  /** Every line the services and the gateway logged at trace level, when started with `logs`. */
  logs: string[]
}

/**
 * Every service and the gateway in front of them for the calling suite: started in its beforeAll (after
 * `prepare`, which may fill a service's database first), the administrator signed in and, when asked, a
 * customer signed up; all closed in its afterAll.
 */
export function useTestShop(
  options: {
    record?: boolean
    customer?: boolean
    logs?: boolean
    prepare?: (running: Map<string, Running>) => Promise<void>
  } = {},
): TestShop {
  const shop = { exchanges: [] as Exchange[], logs: [] as string[] } as TestShop
  const logTo = options.logs ? { write: (line: string) => void shop.logs.push(line) } : undefined
  beforeAll(async () => {
    shop.running = await startServices(logTo ? { env: { LOG_LEVEL: 'trace' }, logTo } : {})
    await options.prepare?.(shop.running)
    shop.gateway = await startGateway(shop.running, {}, options.record ? shop.exchanges : undefined, logTo)
    shop.admin = (await signInAdmin(shop.gateway.url)).token
    if (options.customer) shop.customer = (await signUpCustomer(shop.gateway.url)).token
  }, 120_000)
  afterAll(async () => {
    await shop.gateway?.close()
    // close() after a test's own stop() only finishes the clean-up (queues, database).
    await Promise.all([...(shop.running?.values() ?? [])].map((service) => service.close()))
  }, 60_000)
  return shop
}
