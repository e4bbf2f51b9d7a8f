import { type EventEnvelope, enqueueEvents } from '@medstore/service-kit'
import { type AttemptPolicy, type AttemptWindow, countAttempt } from '../domain/attempts'
import type { Db } from './db'

/** Failure counters by key, shared by every instance of the service (they live in the database). */
export function attemptRepository(db: Db) {
  return {
    /** The counters of the given keys (missing ones absent). */
    async current(keys: readonly string[]): Promise<Map<string, AttemptWindow>> {
      const rows = await db.attemptCounter.findMany({ where: { key: { in: [...keys] } } })
      return new Map(rows.map((row) => [row.key, row]))
    },

    /**
     * Counts one failure on each key (each with its own policy), in one transaction. The rows are locked
     * in key order, so concurrent failures are all counted and never deadlock. Answers the new counts.
     */
    count(
      counted: readonly { key: string; policy: AttemptPolicy }[],
      /** Events the new counts call for (e.g. telling an owner), written in the same transaction. */
      eventsFor: (after: Map<string, AttemptWindow>) => EventEnvelope[] = () => [],
      now = new Date(),
    ): Promise<Map<string, AttemptWindow>> {
      const ordered = [...counted].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      return db.$transaction(async (tx) => {
        const after = new Map<string, AttemptWindow>()
        for (const { key, policy } of ordered) {
          await tx.$executeRaw`INSERT INTO "AttemptCounter" (key, attempts, "windowStart", "lastAttemptAt") VALUES (${key}, 0, ${now}, ${now}) ON CONFLICT (key) DO NOTHING`
          const [row] = await tx.$queryRaw<AttemptWindow[]>`
            SELECT attempts, "windowStart", "lastAttemptAt" FROM "AttemptCounter" WHERE key = ${key} FOR UPDATE`
          const next = countAttempt(row && row.attempts > 0 ? row : undefined, now, policy)
          await tx.attemptCounter.update({ where: { key }, data: next })
          after.set(key, next)
        }
        await enqueueEvents(tx, ...eventsFor(after))
        return after
      })
    },

    async clear(keys: readonly string[]): Promise<void> {
      await db.attemptCounter.deleteMany({ where: { key: { in: [...keys] } } })
    },
  }
}
export type AttemptRepository = ReturnType<typeof attemptRepository>
