import type { EventData } from '@medstore/contracts/events'
import { createEvent, on, onBatch, type Subscription } from '../bus/events'
import { enqueueEvents, type RawExecutor } from '../bus/outbox'
import { deleteSql, newestPerId, type ReplicaTable, upsertManySql } from './replica-sql'

type Value = string | number | boolean

/** What the replica reads of the service's database on start. */
export interface ReplicaDb extends RawExecutor {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>
}

export type ProductReplicaOptions = {
  /** The service that keeps the replica: named in its resync request. */
  service: string
  /** The table (its key column is `id`) and its column with the occurredAt of the newest event applied. */
  table: string
  eventTimeColumn: string
  /** The row's own columns from a product.upserted event: the service's whole adapter. */
  columns: (product: EventData<'product.upserted'>) => Record<string, Value>
  /**
   * How a deleted product is kept: as a tombstone row (`deleted = true`), so that an older upsert arriving
   * late cannot bring it back. Without it the replica ignores deletions (it keeps the last copy).
   */
  deleted?: {
    /** The columns of a product first heard of by its deletion. */
    row: Record<string, Value>
    /** The columns a deletion resets to their value in `row`; the others keep the product's last copy. */
    reset: readonly string[]
  }
}

export type ProductReplica = {
  /** product.upserted (and product.deleted, if kept) for the service's consumer. */
  subscriptions: Subscription<RawExecutor>[]
  /** An empty replica (a first start, a restored database) asks the catalogue to announce every product. */
  resyncIfEmpty: (db: ReplicaDb) => Promise<void>
}

/**
 * A service's copy of the catalogue's products, fed by its events. Events can arrive late (one waited in
 * the retry queue while a newer one went through) or twice; a row remembers the occurredAt of the newest
 * event applied and ignores anything older, so the replica converges on the catalogue's latest state.
 * Only the columns differ between services; the SQL is built from trusted names, the values are bound.
 */
export function productReplica(options: ProductReplicaOptions): ProductReplica {
  const table: ReplicaTable = {
    name: options.table,
    eventTimeColumn: options.eventTimeColumn,
    tombstones: options.deleted !== undefined,
  }
  // In batches: a row keeps the newest event of its product whatever order they come in, so a batch
  // comes down to the newest event of each product, written with one statement.
  const upserted = onBatch('product.upserted', async (events, tx: RawExecutor) => {
    const rows = events.map(({ data, occurredAt }) => ({
      id: data.productId,
      columns: options.columns(data),
      occurredAt: new Date(occurredAt),
    }))
    const { sql, values } = upsertManySql(table, newestPerId(rows))
    await tx.$executeRawUnsafe(sql, ...values)
  })
  const { deleted } = options
  const subscriptions = [upserted]
  if (deleted) {
    subscriptions.push(
      on('product.deleted', async ({ productId }, tx: RawExecutor, event) => {
        const at = new Date(event.occurredAt)
        const { sql, values } = deleteSql(table, productId, deleted.row, deleted.reset, at)
        await tx.$executeRawUnsafe(sql, ...values)
      }),
    )
  }
  return {
    subscriptions,
    resyncIfEmpty: async (db) => {
      const [row] = await db.$queryRawUnsafe<{ filled: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM ${table.name}) AS filled`,
      )
      if (row?.filled) return
      await enqueueEvents(db, createEvent('catalogue.resync_requested', { requestedBy: options.service }))
    },
  }
}
