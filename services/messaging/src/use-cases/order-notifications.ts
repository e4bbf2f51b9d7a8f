import type { RawSql } from '@medstore/service-kit'
import { insertNotifications } from '../data/notifications'
import { findProductNames } from '../data/replicas'
import { type NotificationKind, notificationText, type OrderNotice } from '../domain/notification-text'

type StatusNotice = Extract<OrderNotice, { kind: NotificationKind }>
type RefundNotice = Extract<OrderNotice, { kind: 'order.refund_changed' }>

/** An order event as a notice for its customer (the product's name is looked up here). */
export type OrderEventNotice = (Omit<StatusNotice, 'productName'> | RefundNotice) & {
  eventId: string
  orderId: string
  userId: string
  productId?: string
}

/**
 * Stores the notifications order events mean for their customers, one statement for any number of them;
 * the dispatcher delivers them after commit.
 */
export async function recordOrderNotifications(
  tx: RawSql,
  notices: readonly OrderEventNotice[],
): Promise<void> {
  const productIds = [...new Set(notices.flatMap((n) => (n.productId ? [n.productId] : [])))]
  const names = await findProductNames(tx, productIds)
  await insertNotifications(
    tx,
    notices.map((n) => ({
      eventId: n.eventId,
      userId: n.userId,
      orderId: n.orderId,
      orderNumber: n.number,
      kind: n.kind,
      status: n.status,
      productId: n.productId ?? null,
      text: notificationText(
        n.kind === 'order.refund_changed'
          ? n
          : { ...n, productName: n.productId ? (names.get(n.productId) ?? null) : null },
      ),
    })),
  )
}
