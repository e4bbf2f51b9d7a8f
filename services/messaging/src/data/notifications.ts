import type { Page } from '@medstore/contracts/api'
import type { RawSql } from '@medstore/service-kit'
import { newestFirstPage } from '@medstore/service-kit/prisma'
import type { Notice } from '../domain/notification-text'
import type { Notification } from '../generated/prisma/client'
import type { Db } from './db'

export type { Notification }

/**
 * Order notifications' kinds start so (order.created, …, and prescription.approved / .rejected about an
 * order's prescription); account notices' with `account.`.
 */
export const ORDER_NOTICE_PREFIXES = ['order.', 'prescription.'] as const

export type NewNotification = Pick<
  Notification,
  'eventId' | 'userId' | 'orderId' | 'orderNumber' | 'kind' | 'status' | 'productId' | 'text'
> & { params: Notice }

// Writing and delivering notifications is plain SQL: it happens for every order event, and Prisma's
// runtime was half of the messaging service's CPU per order (bench/results/profile-summary.md).

/** Stores notifications once per event (the event id is unique; the consumer's inbox already skips redeliveries). */
export async function insertNotifications(sql: RawSql, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return
  await sql.$executeRawUnsafe(
    `INSERT INTO notifications (id, event_id, user_id, order_id, order_number, kind, status, product_id, text,
                                params)
     SELECT gen_random_uuid()::text, n."eventId", n."userId", n."orderId", n."orderNumber", n.kind, n.status,
            n."productId", n.text, n.params
     FROM jsonb_to_recordset($1::jsonb) AS n("eventId" text, "userId" text, "orderId" text,
          "orderNumber" text, kind text, status text, "productId" text, text text, params jsonb)
     ON CONFLICT (event_id) DO NOTHING`,
    JSON.stringify(notifications),
  )
}

export async function listNotifications(
  db: Db,
  userId: string,
  page: Page,
): Promise<{ notifications: Notification[]; total: number }> {
  // Account notices (e.g. failed sign-ins) are e-mailed, not listed: the list is of the customer's orders.
  const { rows, total } = await newestFirstPage(
    db.notification,
    { userId, OR: ORDER_NOTICE_PREFIXES.map((prefix) => ({ kind: { startsWith: prefix } })) },
    page,
  )
  return { notifications: rows, total }
}

export type DueNotification = Pick<Notification, 'id' | 'userId' | 'orderNumber' | 'text' | 'attempts'> & {
  params: Notice | null
}

/**
 * Takes up to `limit` pending notifications that are due, counts the attempt and leases them for
 * `leaseMs` (SKIP LOCKED: two dispatchers never take the same one; one that dies mid-send leaves a lease
 * that simply runs out, and the notification is tried again).
 */
export function claimDue(sql: RawSql, limit: number, leaseMs: number): PromiseLike<DueNotification[]> {
  return sql.$queryRawUnsafe<DueNotification[]>(
    `UPDATE notifications SET
       attempts = attempts + 1,
       next_attempt_at = now() + make_interval(secs => $1::float8)
     WHERE id IN (
       SELECT id FROM notifications
       WHERE delivery = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     RETURNING id, user_id AS "userId", order_number AS "orderNumber", text, params, attempts`,
    leaseMs / 1000,
    limit,
  )
}

/** Notifications delivered through `channel`, recorded with one statement for a dispatcher's batch. */
export async function markSent(sql: RawSql, ids: string[], channel: string): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE notifications SET delivery = 'sent', channel = $2, sent_at = now(), last_error = NULL
     WHERE id = ANY($1::text[])`,
    ids,
    channel,
  )
}

/** A failed attempt: try again at `retryAt`, or give up (null). */
export async function markAttemptFailed(
  sql: RawSql,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await sql.$executeRawUnsafe(
    `UPDATE notifications SET last_error = $2,
       next_attempt_at = COALESCE($3::timestamptz, next_attempt_at),
       delivery = CASE WHEN $3::timestamptz IS NULL THEN 'failed' ELSE delivery END
     WHERE id = $1`,
    id,
    error.slice(0, 1_000),
    retryAt,
  )
}
