import type { IdempotencyStore, KeyClaim } from '@medstore/service-kit'
import type { Prisma } from '../generated/prisma/client'
import type { Tx } from './db'

/**
 * The kit's idempotency store over the idempotency_key table, for one customer's keys (a key is the
 * customer's own: another customer's identical key is another key). The stored id is the order id.
 */
export function idempotencyStore(db: Tx, userId: string): IdempotencyStore {
  const where = (key: string) => ({ userId_key: { userId, key } })
  const store: IdempotencyStore = {
    async claim(key, requestHash, orderId): Promise<KeyClaim> {
      const inserted = await db.$executeRaw`
        INSERT INTO idempotency_key (user_id, key, request_hash, order_id)
        VALUES (${userId}, ${key}, ${requestHash}, ${orderId})
        ON CONFLICT DO NOTHING`
      if (inserted === 1) return { kind: 'new', id: orderId }
      const row = await db.idempotencyKey.findUnique({ where: where(key) })
      if (!row) return store.claim(key, requestHash, orderId) // it was released meanwhile
      if (row.requestHash !== requestHash) return { kind: 'mismatch' }
      if (row.status === null) return { kind: 'in-progress', id: row.orderId, since: row.createdAt }
      return { kind: 'replay', answer: { status: row.status, body: row.body } }
    },

    async complete(key, { status, body }) {
      await db.idempotencyKey.update({
        where: where(key),
        data: { status, body: body as Prisma.InputJsonValue },
      })
    },

    async release(key) {
      await db.idempotencyKey.deleteMany({ where: { userId, key, status: null } })
    },

    async takeOver(key, since) {
      const updated = await db.$executeRaw`
        UPDATE idempotency_key SET created_at = now()
        WHERE user_id = ${userId} AND key = ${key} AND status IS NULL AND created_at = ${since}`
      return updated === 1
    },
  }
  return store
}
