import { type Page, pageOf } from '@medstore/contracts/api'
import {
  type ContactMessage,
  MESSAGES_PAGE_SIZE,
  type MessageListQuery,
  type sendMessageRequest,
} from '@medstore/contracts/messaging'
import type { z } from 'zod'
import {
  type ContactMessage as ContactMessageRow,
  insertContactMessage,
  listContactMessages,
} from '../data/contact-messages'
import type { Db } from '../data/db'

const present = (m: ContactMessageRow): ContactMessage => ({
  _id: m.id,
  phoneNumber: m.phoneNumber,
  message: m.message,
  createdAt: m.createdAt.toISOString(),
})

export async function sendContactMessage(
  db: Db,
  input: z.output<typeof sendMessageRequest>,
): Promise<ContactMessage> {
  return present(await insertContactMessage(db, input))
}

/** One page of contact messages, newest first (the first 100 without page/limit); `q` filters. */
export async function contactMessages(
  db: Db,
  query: MessageListQuery,
): Promise<{ messages: ContactMessage[]; total: number; page: Page }> {
  const page = pageOf(query, MESSAGES_PAGE_SIZE)
  const { messages, total } = await listContactMessages(db, query, page)
  return { messages: messages.map(present), total, page }
}
