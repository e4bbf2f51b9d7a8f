import type { orderStatus, refundStatus } from '@medstore/contracts/events'
import type { Language } from '@medstore/contracts/languages'
import { rupeeText } from '@medstore/contracts/money'
import type { z } from 'zod'
import { LOCALES, message } from './messages'

type OrderStatus = z.infer<typeof orderStatus>
type RefundStatus = z.infer<typeof refundStatus>

export type NotificationKind = 'order.created' | 'order.status_changed' | 'order.item_status_changed'

/**
 * What a notification tells its customer, as data: stored with it (`notifications.params`), so its text is
 * written in the customer's language when it is e-mailed and in the page's language when it is listed.
 * Plain JSON: dates are ISO strings.
 */
export type Notice =
  | {
      kind: NotificationKind
      /** The order's number, e.g. MS-000123. */
      number: string
      status: OrderStatus
      /** The product, for an item's change; null when this service does not know its name. */
      productName?: string | null
    }
  | {
      kind: 'order.refund_changed'
      number: string
      status: RefundStatus
      /** Rupees. */
      amount: number
    }
  | { kind: 'prescription.approved'; number: string }
  | {
      kind: 'prescription.rejected'
      number: string
      reason: string
      /** ISO date: until when another prescription may be attached. */
      reattachBy: string
    }
  | { kind: 'account.sign_in_failures'; failures: number }
  | {
      kind: 'account.password_reset'
      resetUrl: string
      /** ISO date after which the link no longer works. */
      expiresAt: string
    }

export type OrderNotice = Extract<Notice, { kind: NotificationKind | 'order.refund_changed' }>

/** A moment as India reads it, e.g. "3 Dec, 4:30 pm" (en) or "3 दिस॰, 4:30 pm" (hi). */
function indiaTime(iso: string, language: Language, withDay: boolean): string {
  return new Date(iso).toLocaleString(LOCALES[language], {
    timeZone: 'Asia/Kolkata',
    ...(withDay ? { day: 'numeric', month: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  })
}

/** The sentence a customer reads, e.g. "Your order MS-000123 has been shipped", in their language. */
export function noticeText(notice: Notice, language: Language = 'en'): string {
  switch (notice.kind) {
    case 'order.created':
      return message(language, 'order.created', { number: notice.number })
    case 'order.status_changed':
      return message(language, 'order.status', { number: notice.number, status: notice.status })
    case 'order.item_status_changed':
      return notice.productName
        ? message(language, 'order.item', {
            product: notice.productName,
            number: notice.number,
            status: notice.status,
          })
        : message(language, 'order.item.unnamed', { number: notice.number, status: notice.status })
    case 'order.refund_changed':
      return message(language, 'order.refund', {
        amount: rupeeText(notice.amount),
        number: notice.number,
        status: notice.status,
      })
    case 'prescription.approved':
      return message(language, 'prescription.approved', { number: notice.number })
    case 'prescription.rejected':
      return message(language, 'prescription.rejected', {
        number: notice.number,
        // The pharmacist's words, as written; the sentence supplies its own full stop.
        reason: notice.reason.replace(/[.।\s]+$/, ''),
        until: indiaTime(notice.reattachBy, language, true),
      })
    case 'account.sign_in_failures':
      return message(language, 'account.signInFailures', { failures: notice.failures })
    case 'account.password_reset':
      return message(language, 'account.passwordReset', {
        url: notice.resetUrl,
        until: indiaTime(notice.expiresAt, language, false),
      })
  }
}

/**
 * The e-mail version: a subject and a short plain-text body in the customer's language; an order's names
 * where to follow it, an account notice (no order number) is the text alone.
 */
export function notificationEmail(input: {
  text: string
  orderNumber: string
  customerName: string
  language: Language
}): { subject: string; body: string } {
  const { language } = input
  const name = input.customerName.trim()
  const greeting = name
    ? message(language, 'email.greeting', { name })
    : message(language, 'email.greeting.anonymous')
  const signature = message(language, 'email.signature')
  if (!input.orderNumber)
    return {
      subject: message(language, 'email.subject.account'),
      body: `${greeting}\n\n${input.text}\n\n${signature}\n`,
    }
  const sentence = message(language, 'email.sentence', { text: input.text })
  const follow = message(language, 'email.follow', { number: input.orderNumber })
  return {
    subject: message(language, 'email.subject', { text: input.text }),
    body: `${greeting}\n\n${sentence}\n\n${follow}\n\n${signature}\n`,
  }
}

/** Exponential back-off for delivery retries: base, 2×base, 4×base … capped at one hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60_000)
}
