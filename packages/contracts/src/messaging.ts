import { z } from 'zod'
import { type ApiRoute, listHeaders } from './api'
import { orderStatus, refundStatus } from './events'
import { indianMobile, languageField, requiredText } from './fields'
import { orderPrescriptionStatus } from './prescription'
import { messagingPaths } from './route-paths'

export const CONTACT_MESSAGE_MAX = 2000
/** The back-office messages table shows 15 per page (spec section 9). */
export const MESSAGES_PAGE_SIZE = 15

/** Body of `POST /message` (the storefront's contact box; anyone may send one). */
export const sendMessageRequest = z.object({
  phoneNumber: indianMobile,
  message: requiredText('Message', CONTACT_MESSAGE_MAX),
})
export type SendMessageRequest = z.input<typeof sendMessageRequest>

export const contactMessage = z.object({
  _id: z.string(),
  /** 10 digits. */
  phoneNumber: z.string(),
  message: z.string(),
  /** ISO date. */
  createdAt: z.string(),
})
export type ContactMessage = z.infer<typeof contactMessage>

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const pageNumber = (name: string, max?: number) => {
  const n = z.coerce.number().int(`${name} must be a whole number`).min(1, `${name} must be at least 1`)
  return z.preprocess(emptyAsUndefined, (max ? n.max(max, `${name} can be at most ${max}`) : n).optional())
}

/**
 * Paging of `GET /message` and `GET /message/notifications`, both optional. Without page and limit the
 * whole list comes back (as the documented client expects); with either, one page of it and the header
 * X-Total-Count says how many there are in all.
 */
export const pageQuery = z.object({ page: pageNumber('page'), limit: pageNumber('limit', 100) })
export type PageQuery = z.infer<typeof pageQuery>

/**
 * Query of `GET /message/notifications`: paging, and the language the texts are written in (`en` when
 * not given).
 */
export const notificationListQuery = pageQuery.extend({ locale: languageField.optional() })
export type NotificationListQuery = z.infer<typeof notificationListQuery>

/** Query of `GET /message`: paging, and `q` (phone number or message text contains, case-insensitive). */
export const messageListQuery = pageQuery.extend({
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(100, 'q can be at most 100 characters').optional()),
})
export type MessageListQuery = z.infer<typeof messageListQuery>

export const notificationKind = z.enum([
  'order.created',
  'order.status_changed',
  'order.item_status_changed',
  'order.refund_changed',
  'prescription.approved',
  'prescription.rejected',
])

/** A customer's notification about one of their orders. */
export const customerNotification = z.object({
  _id: z.string(),
  /** e.g. "Your order MS-000123 has been shipped", in the language the query asked for. */
  text: z.string(),
  kind: notificationKind,
  orderId: z.string(),
  orderNumber: z.string(),
  /**
   * The order's (or item's) status; for order.refund_changed, the refund's (pending, processed, failed);
   * for prescription.*, the order's prescription status (approved, rejected).
   */
  status: z.union([orderStatus, refundStatus, orderPrescriptionStatus]),
  /** The product, for an item's status change; null otherwise. */
  productId: z.string().nullable(),
  /** ISO date. */
  createdAt: z.string(),
})
export type CustomerNotification = z.infer<typeof customerNotification>

/** The messaging service's public API. */
export const messagingApi = {
  send: {
    ...messagingPaths.send,
    summary: 'Send a message to the vendor from the contact box (rate-limited per client address)',
    access: 'public',
    documented: true,
    tags: ['message'],
    body: sendMessageRequest,
    status: 201,
    response: contactMessage,
    errors: {
      400: 'no or not an Indian phone number, or a message that is empty or over 2,000 characters',
      429: 'too many messages from this address; try again later',
    },
  },
  list: {
    ...messagingPaths.list,
    summary:
      'Contact messages, newest first, optionally filtered: one page (the first 100 without page/limit)',
    access: 'admin',
    documented: true,
    tags: ['message'],
    query: messageListQuery,
    status: 200,
    response: z.array(contactMessage),
    responseHeaders: listHeaders('messages'),
    errors: { 400: 'bad page, limit or q', 401: 'not signed in', 403: 'not an administrator' },
  },
  notifications: {
    ...messagingPaths.notifications,
    summary:
      "The signed-in customer's own order notifications, newest first (the first 100 without page/limit)",
    access: 'user',
    documented: false,
    tags: ['message'],
    query: notificationListQuery,
    status: 200,
    response: z.array(customerNotification),
    responseHeaders: listHeaders('notifications'),
    errors: { 400: 'bad page, limit or locale', 401: 'not signed in' },
  },
} satisfies Record<string, ApiRoute>

export const messagingRoutes: ApiRoute[] = Object.values(messagingApi)
