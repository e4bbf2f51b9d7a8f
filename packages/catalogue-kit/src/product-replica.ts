import type { EventData } from '@medstore/contracts/events'
import {
  createEvent,
  enqueueEvents,
  isEmptyReplica,
  keepDeletions,
  keepNewest,
  type RawExecutor,
  type ReplicaDb,
  type ReplicaTable,
  type ReplicaValue,
  type Subscription,
} from '@medstore/service-kit'

type Columns = Record<string, ReplicaValue>

export type ProductReplicaOptions = {
  /** The service that keeps the replica: named in its resync request. */
  service: string
  /** The table (its key column is `id`) and its column with the occurredAt of the newest event applied. */
  table: string
  eventTimeColumn: string
  /** The row's own columns from a product.upserted event: the service's whole adapter. */
  columns: (product: EventData<'product.upserted'>) => Columns
  /**
   * How a deleted product is kept: as a tombstone row (`deleted = true`), so that an older upsert arriving
   * late cannot bring it back. Without it the replica ignores deletions (it keeps the last copy).
   */
  deleted?: {
    /** The columns of a product first heard of by its deletion. */
    row: Columns
    /** The columns a deletion resets to their value in `row`; the others keep the product's last copy. */
    reset: readonly string[]
  }
  /**
   * The units in stock, for a replica that reads them (product.stock_changed, which only such a replica
   * subscribes to). They have their own event time column: a stock change and an edit of the product are
   * separate facts, and neither may hide the other when they arrive out of order.
   */
  stock?: {
    column: string
    eventTimeColumn: string
    /**
     * The other columns of a product first heard of by its stock: a deleted-looking placeholder (with the
     * product's event time at the epoch) that its product.upserted fills, so it is never sold half known.
     */
    firstRow: Columns
  }
}

export type ProductReplica = {
  /** product.upserted (and product.deleted, product.stock_changed, if kept) for the service's consumer. */
  subscriptions: Subscription<RawExecutor>[]
  /** An empty replica (a first start, a restored database) asks the catalogue to announce every product. */
  resyncIfEmpty: (db: ReplicaDb) => Promise<void>
}

/**
 * A service's copy of the catalogue's products, fed by its events, each column group keeping the newest
 * event applied (the kit's `keepNewest`), so the replica converges on the catalogue's latest state.
 */
export function productReplica(options: ProductReplicaOptions): ProductReplica {
  const table: ReplicaTable = {
    name: options.table,
    eventTimeColumn: options.eventTimeColumn,
    tombstones: options.deleted !== undefined,
  }
  const productId = (data: { productId: string }) => data.productId
  const subscriptions = [keepNewest('product.upserted', table, { id: productId, columns: options.columns })]
  const { deleted, stock } = options
  if (deleted) subscriptions.push(keepDeletions('product.deleted', table, { id: productId, ...deleted }))
  if (stock) {
    subscriptions.push(
      keepNewest(
        'product.stock_changed',
        { ...table, eventTimeColumn: stock.eventTimeColumn },
        {
          id: productId,
          columns: (data) => ({ [stock.column]: data.stock }),
          firstRow: { ...stock.firstRow, [options.eventTimeColumn]: new Date(0) },
        },
      ),
    )
  }
  return {
    subscriptions,
    resyncIfEmpty: async (db) => {
      if (!(await isEmptyReplica(db, table))) return
      await enqueueEvents(db, createEvent('catalogue.resync_requested', { requestedBy: options.service }))
    },
  }
}
