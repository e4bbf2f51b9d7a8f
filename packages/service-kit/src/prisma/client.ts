import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { pgConfigFromUrl } from './pg-url'

/** The runtime driver adapter every service's PrismaClient is built with. */
export function runtimeAdapter(databaseUrl: string, max = 10): PrismaPg {
  return new PrismaPg({ ...pgConfigFromUrl(databaseUrl), max })
}

/** A plain pg pool on the same database, for the event bus (LISTEN, batched outbox reads). */
export function createPool(databaseUrl: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ ...pgConfigFromUrl(databaseUrl), max })
  pool.on('error', () => undefined) // idle client errors surface on the next query instead
  return pool
}
