import type { ContactMessage, CustomerNotification } from '@medstore/contracts/messaging'
import type { ContactMessage as ContactMessageRow } from '../data/contact-messages'
import type { Notification } from '../data/notifications'

/** A contact message as the back office sees it. */
export const presentContactMessage = (m: ContactMessageRow): ContactMessage => ({
  _id: m.id,
  phoneNumber: m.phoneNumber,
  message: m.message,
  createdAt: m.createdAt.toISOString(),
})

/** One of a customer's order notifications, as their account page shows it. */
export const presentNotification = (n: Notification): CustomerNotification => ({
  _id: n.id,
  text: n.text,
  kind: n.kind as CustomerNotification['kind'],
  orderId: n.orderId,
  orderNumber: n.orderNumber,
  status: n.status as CustomerNotification['status'],
  productId: n.productId,
  createdAt: n.createdAt.toISOString(),
})
