import { requestContext } from '../request-context'
import type { EventEnvelope } from './envelope'

/** The part of a Prisma (transaction) client the bus needs. */
export interface RawExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>
}

/**
 * Writes events to the outbox inside the caller's transaction: they are published if and only if that
 * transaction commits. The relay does the publishing.
 */
export async function enqueueEvents(tx: RawExecutor, ...events: EventEnvelope[]): Promise<void> {
  if (events.length === 0) return
  const requestId = requestContext.current()?.requestId
  const headers = JSON.stringify(requestId ? { 'x-request-id': requestId } : {})
  const values: unknown[] = []
  const rows = events.map((event, i) => {
    values.push(event.id, event.type, JSON.stringify(event), headers)
    const p = i * 4
    return `($${p + 1}, $${p + 2}, $${p + 3}::jsonb, $${p + 4}::jsonb)`
  })
  await tx.$executeRawUnsafe(
    `INSERT INTO eventbus.outbox (id, type, envelope, headers) VALUES ${rows.join(', ')}`,
    ...values,
  )
}
