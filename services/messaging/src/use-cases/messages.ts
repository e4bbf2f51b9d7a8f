import { pageOf } from '@medstore/contracts/api'
import {
  type ContactMessage,
  type CustomerNotification,
  MESSAGES_PAGE_SIZE,
  type MessageListQuery,
  type NotificationListQuery,
  type sendMessageRequest,
} from '@medstore/contracts/messaging'
import type { ListPage } from '@medstore/service-kit'
import type { z } from 'zod'
import { insertContactMessage, listContactMessages } from '../data/contact-messages'
import type { Db } from '../data/db'
import { listNotifications } from '../data/notifications'
import { presentContactMessage, presentNotification } from '../presenters/messages'

/** The storefront's contact messages to the vendor, and each customer's own order notifications. */
export function messageUseCases(db: Db) {
  return {
    send: async (input: z.output<typeof sendMessageRequest>): Promise<ContactMessage> =>
      presentContactMessage(await insertContactMessage(db, input)),

    /** One page of contact messages, newest first (the first 100 without page/limit); `q` filters. */
    async list(query: MessageListQuery): Promise<ListPage<ContactMessage[]>> {
      const page = pageOf(query, MESSAGES_PAGE_SIZE)
      const { messages, total } = await listContactMessages(db, query, page)
      return { items: messages.map(presentContactMessage), page, total }
    },

    /** A customer's own notifications, newest first, written in the language asked for. */
    async notifications(
      userId: string,
      query: NotificationListQuery,
    ): Promise<ListPage<CustomerNotification[]>> {
      const page = pageOf(query, 20)
      const { notifications, total } = await listNotifications(db, userId, page)
      const language = query.locale ?? 'en'
      return { items: notifications.map((n) => presentNotification(n, language)), page, total }
    },
  }
}
