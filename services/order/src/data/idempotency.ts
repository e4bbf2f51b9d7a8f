import type { IdempotencyStore, KeyClaim, RawSql, StoredAnswer } from '@medstore/service-kit'

export type OrderIdempotencyStore = IdempotencyStore & {
  /**
   * Stores the answer in the transaction that writes the order, so it commits with the order and saves a
   * commit; when the command then returns this answer, complete() has nothing left to write.
   */
  answerWithin(tx: RawSql, key: string, answer: StoredAnswer): Promise<void>
  /**
   * The same as a part (a CTE) of the statement that writes the order, its parameters numbered from
   * `first`: the order, its event and the key's answer in one round trip. A statement that fails never
   * answers this body, so complete() can skip it as for answerWithin.
   */
  answerAlso(key: string, answer: StoredAnswer, first: number): { text: string; values: unknown[] }
}

/**
 * The kit's idempotency store over the idempotency_key table, for one customer's keys (a key is the
 * customer's own: another customer's identical key is another key). The stored id is the order id.
 * Plain SQL: every checkout sends a key, so these statements are on the order hot path.
 */
export function idempotencyStore(sql: RawSql, userId: string): OrderIdempotencyStore {
  // Answers stored by answerWithin, by key: complete() with that very answer has nothing left to write.
  const storedWithin = new Map<string, unknown>()
  const saveAnswer = (runner: RawSql, key: string, { status, body }: StoredAnswer) =>
    runner.$executeRawUnsafe(
      'UPDATE idempotency_key SET status = $3, body = $4::jsonb WHERE user_id = $1 AND key = $2',
      userId,
      key,
      status,
      JSON.stringify(body),
    )
  const store: OrderIdempotencyStore = {
    async claim(key, requestHash, orderId): Promise<KeyClaim> {
      const inserted = await sql.$executeRawUnsafe(
        `INSERT INTO idempotency_key (user_id, key, request_hash, order_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        userId,
        key,
        requestHash,
        orderId,
      )
      if (inserted === 1) return { kind: 'new', id: orderId }
      const [row] = await sql.$queryRawUnsafe<
        { requestHash: string; orderId: string; status: number | null; body: unknown; createdAt: Date }[]
      >(
        `SELECT request_hash AS "requestHash", order_id AS "orderId", status, body, created_at AS "createdAt"
         FROM idempotency_key WHERE user_id = $1 AND key = $2`,
        userId,
        key,
      )
      if (!row) return store.claim(key, requestHash, orderId) // it was released meanwhile
      if (row.requestHash !== requestHash) return { kind: 'mismatch' }
      if (row.status === null) return { kind: 'in-progress', id: row.orderId, since: row.createdAt }
      return { kind: 'replay', answer: { status: row.status, body: row.body } }
    },

    async complete(key, answer) {
      // The order's own transaction committed this answer: the command returns it only after that commit.
      if (storedWithin.get(key) === answer.body) return
      await saveAnswer(sql, key, answer)
    },

    async answerWithin(tx, key, answer) {
      await saveAnswer(tx, key, answer)
      storedWithin.set(key, answer.body)
    },

    answerAlso(key, { status, body }, first) {
      storedWithin.set(key, body)
      return {
        text: `UPDATE idempotency_key SET status = $${first + 2}, body = $${first + 3}::jsonb
          WHERE user_id = $${first} AND key = $${first + 1}`,
        values: [userId, key, status, JSON.stringify(body)],
      }
    },

    async release(key) {
      await sql.$executeRawUnsafe(
        'DELETE FROM idempotency_key WHERE user_id = $1 AND key = $2 AND status IS NULL',
        userId,
        key,
      )
    },

    async takeOver(key, since) {
      const updated = await sql.$executeRawUnsafe(
        `UPDATE idempotency_key SET created_at = now()
         WHERE user_id = $1 AND key = $2 AND status IS NULL AND created_at = $3`,
        userId,
        key,
        since,
      )
      return updated === 1
    },
  }
  return store
}
