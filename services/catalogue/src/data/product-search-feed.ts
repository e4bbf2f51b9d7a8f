import type { Logger } from '@medstore/service-kit'
import { createPool } from '@medstore/service-kit/prisma'
import type { PoolClient } from 'pg'
import { ProductSearchIndex } from '../search/product-search-index'
import { allSearchEntries, type Pool, searchEntriesOf } from './search-reads'

/** The channel the product table's triggers notify with a product id (migration product_search_feed). */
export const PRODUCT_SEARCH_CHANNEL = 'product_search'
/** More changed products than this at once (a bulk load) are cheaper to read as a whole catalogue. */
const RELOAD_ABOVE = 10_000
const RECONNECT_MS = 1_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Keeps a ProductSearchIndex current with the product table, whoever writes it (this instance, another
 * replica, a bulk load): triggers NOTIFY the id of every product inserted, deleted, or updated in a
 * column the search uses (not stock: a reservation never notifies), and this listener re-reads those
 * products. It listens before it loads, so nothing committed in between is missed, and reloads
 * everything after a lost connection, when notifications may have been missed.
 */
export class ProductSearchFeed {
  private index = new ProductSearchIndex()
  private readonly pending = new Set<string>()
  private reloadWanted = false
  private flushing: Promise<void> | undefined
  /** One connection of its own, held for LISTEN. */
  private readonly listenPool: Pool
  private listener: PoolClient | undefined
  private stopped = false
  private retry: NodeJS.Timeout | undefined
  private scheduled = false

  constructor(
    databaseUrl: string,
    private readonly pool: Pool,
    private readonly logger: Logger,
  ) {
    this.listenPool = createPool(databaseUrl, 1)
  }

  /** Listens, then loads the whole catalogue; resolves once the index is complete. */
  async start(): Promise<void> {
    await this.listen()
    this.reloadWanted = true
    await this.flush()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retry)
    this.listener?.release(true)
    this.listener = undefined
    await this.listenPool.end().catch(() => undefined)
    await this.flushing?.catch(() => undefined)
  }

  /** The index with every change heard of so far applied (a write this instance made is heard of). */
  async current(): Promise<ProductSearchIndex> {
    if (this.pending.size || this.reloadWanted || this.flushing)
      await this.flush().catch((err) => this.logger.warn({ err }, 'search index behind the catalogue'))
    return this.index
  }

  /**
   * Re-reads these products now: called after this instance's own writes commit (read your writes).
   * Never fails: the write has committed, and a failed re-read stays pending for the next flush.
   */
  async refresh(ids: string[]): Promise<void> {
    for (const id of ids) this.pending.add(id)
    await this.flush().catch((err) => this.logger.warn({ err }, 'search index behind the catalogue'))
  }

  private async listen(): Promise<void> {
    const client = await this.listenPool.connect()
    client.on('notification', ({ payload }) => {
      if (!payload || !UUID.test(payload)) return
      this.pending.add(payload)
      // A bulk write arrives as thousands of notifications in one read: apply them as one batch.
      if (this.scheduled) return
      this.scheduled = true
      setImmediate(() => {
        this.scheduled = false
        this.flush().catch(() => this.retryLater())
      })
    })
    // A dropped connection may have lost notifications: listen again and reload everything.
    client.on('end', () => {
      if (this.stopped || this.listener !== client) return
      this.logger.warn('product search feed: connection lost, listening again')
      this.listener = undefined
      client.release(true)
      this.retryLater()
    })
    try {
      await client.query(`LISTEN ${PRODUCT_SEARCH_CHANNEL}`)
    } catch (err) {
      client.release(true)
      throw err
    }
    this.listener = client
  }

  private retryLater(): void {
    if (this.stopped || this.retry) return
    this.retry = setTimeout(async () => {
      this.retry = undefined
      try {
        if (!this.listener) await this.listen()
        this.reloadWanted = true
        await this.flush()
      } catch (err) {
        this.logger.warn({ err }, 'product search feed: retrying')
        this.retryLater()
      }
    }, RECONNECT_MS)
    this.retry.unref()
  }

  /** Applies what is pending; one flush at a time, and a caller arriving mid-flush waits for the next. */
  private flush(): Promise<void> {
    const previous = this.flushing ?? Promise.resolve()
    const next = previous
      .catch(() => undefined)
      .then(() => this.applyPending())
      .finally(() => {
        if (this.flushing === next) this.flushing = undefined
      })
    this.flushing = next
    return next
  }

  private async applyPending(): Promise<void> {
    if (this.reloadWanted || this.pending.size > RELOAD_ABOVE) {
      this.reloadWanted = false
      this.pending.clear()
      try {
        this.index = await ProductSearchIndex.load(allSearchEntries(this.pool))
      } catch (err) {
        this.reloadWanted = true
        throw err
      }
      return
    }
    if (this.pending.size === 0) return
    const ids = [...this.pending]
    this.pending.clear()
    try {
      const entries = await searchEntriesOf(this.pool, ids)
      const present = new Set(entries.map((e) => e.id))
      this.index.apply(
        entries,
        ids.filter((id) => !present.has(id)),
      )
    } catch (err) {
      for (const id of ids) this.pending.add(id)
      throw err
    }
  }
}
