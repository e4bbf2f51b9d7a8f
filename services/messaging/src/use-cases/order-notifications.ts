import type { Tx } from '../data/db'
import { insertNotification } from '../data/notifications'
import { findProductName } from '../data/replicas'
import { notificationText, type OrderNotice } from '../domain/notification-text'

/** Stores the notification an order event means for its customer; the dispatcher delivers it after commit. */
export async function recordOrderNotification(
  tx: Tx,
  eventId: string,
  order: Omit<OrderNotice, 'productName'> & { orderId: string; userId: string; productId?: string },
): Promise<void> {
  const productName = order.productId ? await findProductName(tx, order.productId) : null
  await insertNotification(tx, {
    eventId,
    userId: order.userId,
    orderId: order.orderId,
    orderNumber: order.number,
    kind: order.kind,
    status: order.status,
    productId: order.productId ?? null,
    text: notificationText({ ...order, productName }),
  })
}
