import type { RawSql } from '@medstore/service-kit'
import { insertNotifications } from '../data/notifications'

/**
 * A notice about the customer's account (failed sign-ins, a password reset link), stored like an order
 * notification (one per event) so the dispatcher e-mails it with the same retries; it has no order and is
 * not listed among the order notifications.
 */
export async function recordAccountNotice(
  tx: RawSql,
  notice: { eventId: string; userId: string; kind: `account.${string}`; text: string },
): Promise<void> {
  await insertNotifications(tx, [{ ...notice, orderId: '', orderNumber: '', status: '', productId: null }])
}
