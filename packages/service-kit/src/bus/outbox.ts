import { requestContext } from '../request-context'
import type { EventEnvelope } from './envelope'
import { outboxWritten } from './outbox-wake'

/** The part of a Prisma (transaction) client the bus needs. */
export interface RawExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>
}

/**
 * Writes events to the outbox inside the caller's transaction: they are published if and only if that
 * transaction commits. The relay does the publishing; it is woken in-process after the commit (./outbox-wake).
 */
export async function enqueueEvents(tx: RawExecutor, ...events: EventEnvelope[]): Promise<void> {
  const requestId = requestContext.current()?.requestId
  const headers = JSON.stringify(requestId ? { 'x-request-id': requestId } : {})
  // PostgreSQL takes at most 65,535 parameters a statement: large batches go in slices.
  for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
    const slice = events.slice(start, start + ROWS_PER_STATEMENT)
    const values: unknown[] = []
    const rows = slice.map((event, i) => {
      values.push(event.id, event.type, JSON.stringify(event), headers)
      const p = i * 4
      return `($${p + 1}, $${p + 2}, $${p + 3}::jsonb, $${p + 4}::jsonb)`
    })
    await tx.$executeRawUnsafe(
      `INSERT INTO eventbus.outbox (id, type, envelope, headers) VALUES ${rows.join(', ')}`,
      ...values,
    )
  }
  if (events.length) outboxWritten()
}

const ROWS_PER_STATEMENT = 1_000
