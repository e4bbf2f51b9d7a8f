import { type Page, pageOf } from '@medstore/contracts/api'
import type { CustomerNotification, PageQuery } from '@medstore/contracts/messaging'
import type { Db, Tx } from '../data/db'
import { insertNotification, listNotifications } from '../data/notifications'
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

/** A customer's own notifications, newest first. */
export async function customerNotifications(
  db: Db,
  userId: string,
  query: PageQuery,
): Promise<{ notifications: CustomerNotification[]; total: number; page: Page }> {
  const page = pageOf(query, 20)
  const { notifications, total } = await listNotifications(db, userId, page)
  return {
    total,
    page,
    notifications: notifications.map((n) => ({
      _id: n.id,
      text: n.text,
      kind: n.kind as CustomerNotification['kind'],
      orderId: n.orderId,
      orderNumber: n.orderNumber,
      status: n.status as CustomerNotification['status'],
      productId: n.productId,
      createdAt: n.createdAt.toISOString(),
    })),
  }
}
