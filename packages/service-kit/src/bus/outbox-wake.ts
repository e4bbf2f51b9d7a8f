import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Wakes this process's outbox relay once events it wrote are committed, with no NOTIFY. A NOTIFY makes
 * PostgreSQL take one lock for the whole cluster at commit and hold it through the commit's WAL flush,
 * so every transaction that notifies, in any database, commits one after another: under the shopper mix
 * the order's and the reservation's COMMITs spent most of their time queued on it ("Lock: object").
 * The process that writes the rows knows when its transaction ends; rows written by another process are
 * its relay's to publish, and every relay's poll is the safety net for a wake-up that never came.
 */

type Scope = { wrote: boolean }
const scope = new AsyncLocalStorage<Scope>()
const relays = new Set<() => void>()

/**
 * Outside a transaction the kit sees end, an insert is visible at once (autocommit) or when a transaction
 * of the caller's own commits, typically within these few milliseconds; the relay's poll covers the rest.
 */
const LATE_WAKES_MS = [25, 250]

/** Registers a relay's wake-up; returns its removal. */
export function onOutboxCommitted(wake: () => void): () => void {
  relays.add(wake)
  return () => relays.delete(wake)
}

function wakeRelays(): void {
  for (const wake of relays) wake()
}

/**
 * Runs one transaction (`commit` resolves once it has committed) and, if it wrote to the outbox, wakes
 * the relays then. Used by the kit's transaction runners; a rollback (a rejection) wakes nothing.
 */
export async function wakingRelaysAfter<T>(commit: () => Promise<T>): Promise<T> {
  const written: Scope = { wrote: false }
  const result = await scope.run(written, commit)
  if (written.wrote) wakeRelays()
  return result
}

/** enqueueEvents wrote rows: wake the relays after the commit, or soon when the commit is not the kit's. */
export function outboxWritten(): void {
  const written = scope.getStore()
  if (written) {
    written.wrote = true
    return
  }
  wakeRelays()
  for (const ms of LATE_WAKES_MS) setTimeout(wakeRelays, ms).unref()
}
