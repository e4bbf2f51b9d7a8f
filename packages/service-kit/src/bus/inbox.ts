import type { EventEnvelope } from './envelope'
import type { RawExecutor } from './outbox'

/** A transaction that can also read rows back (every Prisma transaction client can). */
export interface QueryExecutor extends RawExecutor {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>
}

/** Records one event in the consumer's inbox; false when it was already there (applied before). */
export async function recordInInbox(
  tx: RawExecutor,
  consumer: string,
  event: EventEnvelope,
): Promise<boolean> {
  const inserted = await tx.$executeRawUnsafe(
    'INSERT INTO eventbus.inbox (consumer, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    consumer,
    event.id,
    event.type,
  )
  return inserted > 0
}

/**
 * Records a batch of events in the inbox with one statement and answers the fresh ones (each id once, in
 * the batch's order): an event already in the inbox, or twice in the batch, is applied at most once.
 */
export async function recordBatchInInbox(
  tx: RawExecutor,
  consumer: string,
  events: readonly EventEnvelope[],
): Promise<EventEnvelope[]> {
  const distinct = distinctById(events)
  // One JSON parameter whatever the batch size: no limit on bound parameters, one plan for every size.
  const rows = await queryable(tx).$queryRawUnsafe<{ event_id: string }[]>(
    `INSERT INTO eventbus.inbox (consumer, event_id, type)
     SELECT $1, e.id, e.type FROM jsonb_to_recordset($2::jsonb) AS e(id text, type text)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    consumer,
    JSON.stringify(distinct.map(({ id, type }) => ({ id, type }))),
  )
  const fresh = new Set(rows.map((r) => r.event_id))
  return distinct.filter((e) => fresh.has(e.id))
}

/** The first event of each id, in order. */
export function distinctById(events: readonly EventEnvelope[]): EventEnvelope[] {
  const seen = new Set<string>()
  return events.filter((e) => !seen.has(e.id) && Boolean(seen.add(e.id)))
}

function queryable(tx: RawExecutor): QueryExecutor {
  if (typeof (tx as Partial<QueryExecutor>).$queryRawUnsafe !== 'function') {
    throw new Error('batched event handlers need a transaction client with $queryRawUnsafe (Prisma has it)')
  }
  return tx as QueryExecutor
}
