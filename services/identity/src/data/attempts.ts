import { type AttemptPolicy, type AttemptWindow, countAttempt } from '../domain/attempts'
import type { Db } from './db'

/** Attempt counters per account key, shared by every instance of the service (they live in the database). */
export function attemptRepository(db: Db) {
  return {
    async current(key: string): Promise<AttemptWindow | undefined> {
      const row = await db.attemptCounter.findUnique({ where: { key } })
      return row ?? undefined
    },

    /** Counts one attempt. The row is locked so that concurrent attempts are all counted. */
    count(key: string, policy: AttemptPolicy, now = new Date()): Promise<AttemptWindow> {
      return db.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "AttemptCounter" (key, attempts, "windowStart") VALUES (${key}, 0, ${now}) ON CONFLICT (key) DO NOTHING`
        const [row] = await tx.$queryRaw<AttemptWindow[]>`
          SELECT attempts, "windowStart" FROM "AttemptCounter" WHERE key = ${key} FOR UPDATE`
        const next = countAttempt(row && row.attempts > 0 ? row : undefined, now, policy)
        await tx.attemptCounter.update({ where: { key }, data: next })
        return next
      })
    },

    async clear(key: string): Promise<void> {
      await db.attemptCounter.deleteMany({ where: { key } })
    },
  }
}
export type AttemptRepository = ReturnType<typeof attemptRepository>
