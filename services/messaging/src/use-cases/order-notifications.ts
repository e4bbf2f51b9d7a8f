import type { RawSql } from '@medstore/service-kit'
import { insertNotifications } from '../data/notifications'
import { findProductNames } from '../data/replicas'
import { type Notice, type NotificationKind, noticeText, type OrderNotice } from '../domain/notification-text'

type StatusNotice = Extract<OrderNotice, { kind: NotificationKind }>
type RefundNotice = Extract<OrderNotice, { kind: 'order.refund_changed' }>
type PrescriptionNotice = Extract<Notice, { kind: `prescription.${string}` }>

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
    notices.map((event) => {
      const { eventId, orderId, userId, productId } = event
      // Only what the text is made of is kept (an event carries more: item and refund ids).
      const notice: OrderNotice =
        event.kind === 'order.refund_changed'
          ? { kind: event.kind, number: event.number, status: event.status, amount: event.amount }
          : {
              kind: event.kind,
              number: event.number,
              status: event.status,
              productName: productId ? (names.get(productId) ?? null) : null,
            }
      return {
        eventId,
        userId,
        orderId,
        orderNumber: notice.number,
        kind: notice.kind,
        status: notice.status,
        productId: productId ?? null,
        text: noticeText(notice),
        params: notice,
      }
    }),
  )
}

/** A pharmacist's decision on an order's prescription: in the order's timeline, and e-mailed. */
export async function recordPrescriptionNotice(
  tx: RawSql,
  event: { eventId: string; orderId: string; userId: string; notice: PrescriptionNotice },
): Promise<void> {
  const { notice } = event
  await insertNotifications(tx, [
    {
      eventId: event.eventId,
      userId: event.userId,
      orderId: event.orderId,
      orderNumber: notice.number,
      kind: notice.kind,
      status: notice.kind === 'prescription.approved' ? 'approved' : 'rejected',
      productId: null,
      text: noticeText(notice),
      params: notice,
    },
  ])
}
