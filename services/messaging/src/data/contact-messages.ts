import type { Page } from '@medstore/contracts/api'
import { escapeLike, newestFirstPage } from '@medstore/service-kit/prisma'
import type { ContactMessage, Prisma } from '../generated/prisma/client'
import type { Db } from './db'

export type { ContactMessage }

export async function insertContactMessage(
  db: Db,
  message: { phoneNumber: string; message: string },
): Promise<ContactMessage> {
  return db.contactMessage.create({ data: message })
}

/** Newest first; `q` matches the phone number (digits, spaces ignored) or the text (case-insensitive). */
export async function listContactMessages(
  db: Db,
  filter: { q?: string },
  page: Page,
): Promise<{ messages: ContactMessage[]; total: number }> {
  const where: Prisma.ContactMessageWhereInput = filter.q
    ? {
        OR: [
          { phoneNumber: { contains: escapeLike(filter.q.replace(/[\s-]/g, '')) } },
          { message: { contains: escapeLike(filter.q), mode: 'insensitive' } },
        ],
      }
    : {}
  const { rows, total } = await newestFirstPage(db.contactMessage, where, page)
  return { messages: rows, total }
}
