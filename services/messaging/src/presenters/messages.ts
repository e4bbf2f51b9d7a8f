import type { Language } from '@medstore/contracts/languages'
import type { ContactMessage, CustomerNotification } from '@medstore/contracts/messaging'
import type { ContactMessage as ContactMessageRow } from '../data/contact-messages'
import type { Notification } from '../data/notifications'
import { type Notice, noticeText } from '../domain/notification-text'

/** A contact message as the back office sees it. */
export const presentContactMessage = (m: ContactMessageRow): ContactMessage => ({
  _id: m.id,
  phoneNumber: m.phoneNumber,
  message: m.message,
  createdAt: m.createdAt.toISOString(),
})

/**
 * One of a customer's order notifications, as their account page shows it, in `language`; one stored
 * before its facts were kept (no `params`) has its English text.
 */
export const presentNotification = (n: Notification, language: Language): CustomerNotification => ({
  _id: n.id,
  text: n.params ? noticeText(n.params as Notice, language) : n.text,
  kind: n.kind as CustomerNotification['kind'],
  orderId: n.orderId,
  orderNumber: n.orderNumber,
  status: n.status as CustomerNotification['status'],
  productId: n.productId,
  createdAt: n.createdAt.toISOString(),
})
