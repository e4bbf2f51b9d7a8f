import type { Page } from '@medstore/contracts/api'
import { newestFirstPage } from '@medstore/service-kit/prisma'
import type { Notification } from '../generated/prisma/client'
import type { Db, Tx } from './db'

export type { Notification }

export type NewNotification = Pick<
  Notification,
  'eventId' | 'userId' | 'orderId' | 'orderNumber' | 'kind' | 'status' | 'productId' | 'text'
>

/** Stores notifications once per event (the event id is unique; the consumer's inbox already skips redeliveries). */
export async function insertNotifications(tx: Tx, notifications: NewNotification[]): Promise<void> {
  await tx.notification.createMany({ data: notifications, skipDuplicates: true })
}

export async function listNotifications(
  db: Db,
  userId: string,
  page: Page,
): Promise<{ notifications: Notification[]; total: number }> {
  const { rows, total } = await newestFirstPage(db.notification, { userId }, page)
  return { notifications: rows, total }
}

export type DueNotification = Pick<Notification, 'id' | 'userId' | 'orderNumber' | 'text' | 'attempts'>

/**
 * Takes up to `limit` pending notifications that are due, counts the attempt and leases them for
 * `leaseMs` (SKIP LOCKED: two dispatchers never take the same one; one that dies mid-send leaves a lease
 * that simply runs out, and the notification is tried again).
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<DueNotification[]> {
  return db.$queryRaw<DueNotification[]>`
    UPDATE notifications SET
      attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id IN (
      SELECT id FROM notifications
      WHERE delivery = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, user_id AS "userId", order_number AS "orderNumber", text, attempts`
}

/** Notifications delivered through `channel`, recorded with one statement for a dispatcher's batch. */
export async function markSent(db: Db, ids: string[], channel: string): Promise<void> {
  await db.notification.updateMany({
    where: { id: { in: ids } },
    data: { delivery: 'sent', channel, sentAt: new Date(), lastError: null },
  })
}

/** A failed attempt: try again at `retryAt`, or give up (null). */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db.notification.update({
    where: { id },
    data: retryAt
      ? { lastError: error.slice(0, 1_000), nextAttemptAt: retryAt }
      : { lastError: error.slice(0, 1_000), delivery: 'failed' },
  })
}
