import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { pgConfigFromUrl } from './pg-url'

// A connection attempt to a server that does not answer (a network partition, not a refusal) fails after
// this long instead of holding a pool slot, and the request that waited gets its 503, not a hang.
const CONNECT_TIMEOUT_MS = 5_000

const poolConfig = (databaseUrl: string, max: number): pg.PoolConfig => ({
  ...pgConfigFromUrl(databaseUrl),
  max,
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
})

/**
 * The runtime driver adapter every service's PrismaClient is built with: over `pool` when given (whoever
 * made the pool ends it), else over a pool of its own.
 */
export function runtimeAdapter(databaseUrl: string, max = 10, pool?: pg.Pool): PrismaPg {
  return pool ? new PrismaPg(pool) : new PrismaPg(poolConfig(databaseUrl, max))
}

/** A plain pg pool on the database: the event bus's (LISTEN, batched outbox reads), and the one under Prisma and `ctx.sql`. */
export function createPool(databaseUrl: string, max = 4): pg.Pool {
  const pool = new pg.Pool(poolConfig(databaseUrl, max))
  pool.on('error', () => undefined) // idle client errors surface on the next query instead
  // pg emits 'error' on a checked-out client whose connection dies (PostgreSQL restarting), and an
  // 'error' without a listener kills the process: the PostgreSQL-restart drill lost two services so.
  // The query in progress rejects anyway, and the pool discards the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined))
  return pool
}
