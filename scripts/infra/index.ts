import { SERVICES } from '@medstore/contracts'
import { serviceDatabase } from '@medstore/contracts/services'

// Infrastructure for `npm start` and the test setup: finding or starting PostgreSQL and RabbitMQ, dev JWT
// keys, and the services with their ports and databases. (The web apps' table is @medstore/mf-config/apps.)

export { type DevKeys, ensureDevInternalSecret, ensureDevKeys } from './keys'
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

export type ServiceSlice = (typeof SERVICES)[number] & { db: string }

/** The services from the shared table, each with its own PostgreSQL database. */
export const SERVICE_SLICES: readonly ServiceSlice[] = SERVICES.map((s) => ({
  ...s,
  db: serviceDatabase(s.name),
}))

export const GATEWAY = { name: 'gateway', port: 8080 } as const

/** Environment variable a gateway uses for each service's base URL, e.g. IDENTITY_URL. */
export { serviceUrlVariable as serviceUrlVar } from '@medstore/contracts/services'
