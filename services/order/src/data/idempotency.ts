import type { Prisma } from '../generated/prisma/client'
import type { Tx } from './db'

export type Claim =
  | { kind: 'new'; orderId: string }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in-progress'; orderId: string; since: Date }
  | { kind: 'mismatch' }

/**
 * Claims (user, key) for a request. The first caller gets 'new' (and the order id to use); a later caller
 * with the same request gets the stored answer, or 'in-progress' while the first is still working.
 */
export async function claimKey(
  tx: Tx,
  userId: string,
  key: string,
  requestHash: string,
  orderId: string,
): Promise<Claim> {
  const inserted = await tx.$executeRaw`
    INSERT INTO idempotency_key (user_id, key, request_hash, order_id)
    VALUES (${userId}, ${key}, ${requestHash}, ${orderId})
    ON CONFLICT DO NOTHING`
  if (inserted === 1) return { kind: 'new', orderId }
  const row = await tx.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } })
  if (!row) return claimKey(tx, userId, key, requestHash, orderId) // it was released meanwhile
  if (row.requestHash !== requestHash) return { kind: 'mismatch' }
  if (row.status === null) return { kind: 'in-progress', orderId: row.orderId, since: row.createdAt }
  return { kind: 'replay', status: row.status, body: row.body }
}

export async function completeKey(tx: Tx, userId: string, key: string, status: number, body: unknown) {
  await tx.idempotencyKey.update({
    where: { userId_key: { userId, key } },
    data: { status, body: body as Prisma.InputJsonValue },
  })
}

/** Forgets a claim whose request failed for a passing reason (e.g. the catalogue was down): a retry runs again. */
export async function releaseKey(tx: Tx, userId: string, key: string) {
  await tx.idempotencyKey.deleteMany({ where: { userId, key, status: null } })
}

/** Takes over a stale claim; only one of several concurrent retries wins it. */
export async function takeOverKey(tx: Tx, userId: string, key: string, since: Date): Promise<boolean> {
  const updated = await tx.$executeRaw`
    UPDATE idempotency_key SET created_at = now()
    WHERE user_id = ${userId} AND key = ${key} AND status IS NULL AND created_at = ${since}`
  return updated === 1
}
