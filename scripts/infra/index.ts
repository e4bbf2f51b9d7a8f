// Infrastructure for `npm start` and the test setup: finding or starting PostgreSQL and RabbitMQ, dev JWT
// keys, and the table of slices with their ports and databases.

export { type DevKeys, ensureDevKeys } from './keys'
export {
  databaseUrl,
  dropDatabase,
  EMBEDDED_PORT,
  ensureDatabase,
  type FindPostgresOptions,
  findOrStartPostgres,
  type PostgresHandle,
  redact,
} from './postgres'
export { dockerAvailable, type FindRabbitOptions, findOrStartRabbit, type RabbitHandle } from './rabbitmq'
export { probePort, waitForPort } from './util'

export interface ServiceSlice {
  name: 'identity' | 'catalogue' | 'cart' | 'order' | 'review' | 'messaging'
  port: number
  db: string
}

/** The six services: directory services/<name>, HTTP port, own PostgreSQL database. */
export const SERVICES: readonly ServiceSlice[] = [
  { name: 'identity', port: 4001, db: 'medstore_identity' },
  { name: 'catalogue', port: 4002, db: 'medstore_catalogue' },
  { name: 'cart', port: 4003, db: 'medstore_cart' },
  { name: 'order', port: 4004, db: 'medstore_order' },
  { name: 'review', port: 4005, db: 'medstore_review' },
  { name: 'messaging', port: 4006, db: 'medstore_messaging' },
]

export const GATEWAY = { name: 'gateway', port: 8080 } as const

export interface WebApp {
  name: 'shell' | 'mfe-store' | 'mfe-checkout' | 'mfe-vendor'
  port: number
}

/** The Module Federation host and its three remotes: directory <name>/, static server port. */
export const WEB_APPS: readonly WebApp[] = [
  { name: 'shell', port: 3000 },
  { name: 'mfe-store', port: 3001 },
  { name: 'mfe-checkout', port: 3002 },
  { name: 'mfe-vendor', port: 3003 },
]

/** Environment variable a gateway uses for each service's base URL, e.g. IDENTITY_URL. */
export function serviceUrlVar(name: ServiceSlice['name']): string {
  return `${name.toUpperCase()}_URL`
}
