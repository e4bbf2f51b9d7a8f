import type pg from 'pg'
import type { RawExecutor } from '../bus/outbox'
import { wakingRelaysAfter } from '../bus/outbox-wake'

/**
 * What a plain-SQL data function needs. A Prisma client or transaction has it, and so has `sqlOver` on a
 * pg pool or client, so one function serves a hot path on pg (no Prisma runtime per query) and a Prisma
 * transaction (an event handler) alike. Rows come back as the driver parses them: cast int8 to int in SQL.
 */
export interface RawSql extends RawExecutor {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>
}

// Statements run as named prepared statements: PostgreSQL parses (and in time plans) each text once per
// connection instead of on every call. Bounded, so texts built from data cannot grow it without end.
const MAX_PREPARED = 500
const preparedNames = new Map<string, string>()

function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = preparedNames.get(text)
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `medstore_${preparedNames.size}`
    preparedNames.set(text, name)
  }
  return { name, text, values }
}

/**
 * `RawSql` over a pg pool (each statement its own transaction) or a checked-out client. `planEachCall` sends
 * unnamed statements instead, which PostgreSQL plans for each call's values: for a statement whose best plan
 * depends on them (a text search's rarity), where the generic plan a prepared statement settles on after
 * five calls can cost several times more (bench/PROFILE.md).
 */
export function sqlOver(client: pg.Pool | pg.PoolClient, options: { planEachCall?: boolean } = {}): RawSql {
  const config = options.planEachCall
    ? (text: string, values: unknown[]): pg.QueryConfig => ({ text, values })
    : prepared
  return {
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) =>
      (await client.query(config(query, values))).rows as T,
    $executeRawUnsafe: async (query: string, ...values: unknown[]) =>
      (await client.query(config(query, values))).rowCount ?? 0,
  }
}

/**
 * Runs `work` in one transaction on a connection of the pool: committed when it resolves, rolled back
 * when it throws (the error is rethrown). A connection whose rollback fails is discarded, not reused.
 * Events it enqueued wake the outbox relay once it has committed.
 */
export function sqlTransaction<T>(pool: pg.Pool, work: (tx: RawSql) => PromiseLike<T>): Promise<T> {
  return wakingRelaysAfter(() => transaction(pool, work))
}

async function transaction<T>(pool: pg.Pool, work: (tx: RawSql) => PromiseLike<T>): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('BEGIN')
    const result = await work(sqlOver(client))
    await client.query('COMMIT')
    return result
  } catch (err) {
    broken = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    )
    throw err
  } finally {
    client.release(broken)
  }
}
