import type { EventData, EventType } from '@medstore/contracts/events'
import { on, onBatch, type Subscription } from '../bus/events'
import type { RawExecutor } from '../bus/outbox'
import {
  deleteSql,
  identifiers,
  newestPerId,
  type ReplicaTable,
  type UpsertOptions,
  upsertManySql,
  type Value,
} from './replica-sql'

export type { ReplicaTable, Value }

/** What a replica reads of the service's database (e.g. whether it is empty). */
export interface ReplicaDb extends RawExecutor {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>
}

export type KeepNewestOptions<T extends EventType> = UpsertOptions & {
  /** The record's id in the event: the row's key column `id`. */
  id: (data: EventData<T>) => string
  /** The row's own columns from the event, or null for a record the service does not keep. */
  columns: (data: EventData<T>, occurredAt: Date) => Record<string, Value> | null
}

/**
 * A service's copy of another service's records, fed by the events of type `type`. Events can arrive late
 * (one waited in the retry queue while a newer one went through) or twice; a row remembers the occurredAt
 * of the newest event applied (the table's eventTimeColumn) and ignores anything older, so the replica
 * converges on the producer's latest state. Only the table and columns differ between replicas; the SQL
 * is built from trusted names, the values are bound.
 */
export function keepNewest<T extends EventType>(
  type: T,
  table: ReplicaTable,
  options: KeepNewestOptions<T>,
): Subscription<RawExecutor> {
  const { id, columns, ...upsert } = options
  // In batches: a row keeps the newest event of its record whatever order they come in, so a batch comes
  // down to the newest event of each record, written with one statement.
  return onBatch(type, async (events, tx: RawExecutor) => {
    const rows = events.flatMap(({ data, occurredAt }) => {
      const at = new Date(occurredAt)
      const kept = columns(data, at)
      return kept ? [{ id: id(data), columns: kept, occurredAt: at }] : []
    })
    if (rows.length === 0) return
    const { sql, values } = upsertManySql(table, newestPerId(rows), upsert)
    await tx.$executeRawUnsafe(sql, ...values)
  })
}

export type KeepDeletionsOptions<T extends EventType> = {
  id: (data: EventData<T>) => string
  /** The columns of a record first heard of by its deletion. */
  row: Record<string, Value>
  /** The columns a deletion resets to their value in `row`; the others keep the record's last copy. */
  reset: readonly string[]
}

/**
 * Deletions kept as tombstone rows (`deleted = true`, the table has `tombstones`), so that an older upsert
 * arriving late cannot bring the record back.
 */
export function keepDeletions<T extends EventType>(
  type: T,
  table: ReplicaTable,
  options: KeepDeletionsOptions<T>,
): Subscription<RawExecutor> {
  return on(type, async (data, tx: RawExecutor, event) => {
    const at = new Date(event.occurredAt)
    const { sql, values } = deleteSql(table, options.id(data), options.row, options.reset, at)
    await tx.$executeRawUnsafe(sql, ...values)
  })
}

/** Whether the replica's table has no row yet (a first start, a restored database). */
export async function isEmptyReplica(db: ReplicaDb, table: ReplicaTable): Promise<boolean> {
  identifiers(table.name)
  const [row] = await db.$queryRawUnsafe<{ filled: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM ${table.name}) AS filled`,
  )
  return !row?.filled
}
