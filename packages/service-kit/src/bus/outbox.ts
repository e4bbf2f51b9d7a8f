import { requestContext } from '../request-context'
import type { EventEnvelope } from './envelope'
import { outboxWritten } from './outbox-wake'

/** The part of a Prisma (transaction) client the bus needs. */
export interface RawExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>
}

/** PostgreSQL takes at most 65,535 parameters a statement: large batches go in slices. */
const ROWS_PER_STATEMENT = 1_000

/**
 * The INSERT of `events` into the outbox, its parameters numbered from $`first`: a statement of its own
 * (enqueueEvents), or a data-modifying CTE of the caller's statement, so that the state change and its
 * events are written atomically in one round trip. At most ROWS_PER_STATEMENT events. Whoever runs it as
 * part of their own statement calls outboxWritten() after it (./outbox-wake).
 */
export function outboxInsert(events: EventEnvelope[], first = 1): { text: string; values: unknown[] } {
  if (events.length > ROWS_PER_STATEMENT) throw new Error(`at most ${ROWS_PER_STATEMENT} events a statement`)
  const requestId = requestContext.current()?.requestId
  const headers = JSON.stringify(requestId ? { 'x-request-id': requestId } : {})
  const values: unknown[] = []
  const rows = events.map((event, i) => {
    values.push(event.id, event.type, JSON.stringify(event), headers)
    const p = first + i * 4
    return `($${p}, $${p + 1}, $${p + 2}::jsonb, $${p + 3}::jsonb)`
  })
  return {
    text: `INSERT INTO eventbus.outbox (id, type, envelope, headers) VALUES ${rows.join(', ')}`,
    values,
  }
}

/**
 * Writes events to the outbox inside the caller's transaction: they are published if and only if that
 * transaction commits. The relay does the publishing; it is woken in-process after the commit (./outbox-wake).
 */
export async function enqueueEvents(tx: RawExecutor, ...events: EventEnvelope[]): Promise<void> {
  for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
    const { text, values } = outboxInsert(events.slice(start, start + ROWS_PER_STATEMENT))
    await tx.$executeRawUnsafe(text, ...values)
  }
  if (events.length) outboxWritten()
}
