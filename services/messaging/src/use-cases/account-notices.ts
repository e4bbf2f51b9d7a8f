import type { RawSql } from '@medstore/service-kit'
import { insertNotifications } from '../data/notifications'
import { type Notice, noticeText } from '../domain/notification-text'

type AccountNotice = Extract<Notice, { kind: `account.${string}` }>

/**
 * A notice about the customer's account (failed sign-ins, a password reset link), stored like an order
 * notification (one per event) so the dispatcher e-mails it with the same retries, in the customer's
 * language; it has no order and is not listed among the order notifications.
 */
export async function recordAccountNotice(
  tx: RawSql,
  notice: { eventId: string; userId: string; notice: AccountNotice },
): Promise<void> {
  await insertNotifications(tx, [
    {
      eventId: notice.eventId,
      userId: notice.userId,
      kind: notice.notice.kind,
      text: noticeText(notice.notice),
      params: notice.notice,
      orderId: '',
      orderNumber: '',
      status: '',
      productId: null,
    },
  ])
}
