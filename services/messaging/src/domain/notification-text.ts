import type { orderStatus, refundStatus } from '@medstore/contracts/events'
import { rupeeText } from '@medstore/contracts/money'
import type { z } from 'zod'

type OrderStatus = z.infer<typeof orderStatus>
type RefundStatus = z.infer<typeof refundStatus>

export type NotificationKind = 'order.created' | 'order.status_changed' | 'order.item_status_changed'

export type OrderNotice =
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
      productName?: null
    }

const REFUND_HAPPENED: Record<RefundStatus, string> = {
  pending: 'has been initiated',
  processed: 'has been processed',
  failed: 'could not be processed; our team will contact you',
}

const WHAT_HAPPENED: Record<OrderStatus, string> = {
  pending: 'is awaiting confirmation',
  processing: 'is being prepared',
  shipped: 'has been shipped',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
}

/** What a pharmacist decided about an order's prescription, as its customer reads it. */
export type PrescriptionNotice =
  | { kind: 'prescription.approved'; number: string }
  | { kind: 'prescription.rejected'; number: string; reason: string; reattachBy: Date }

export function prescriptionNoticeText(notice: PrescriptionNotice): string {
  if (notice.kind === 'prescription.approved')
    return `The prescription for your order ${notice.number} has been approved by our pharmacist; your order will now be prepared`
  const until = notice.reattachBy.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  })
  return (
    `The prescription for your order ${notice.number} was not accepted: ${notice.reason.replace(/[.\s]+$/, '')}. ` +
    `Please attach another prescription under My Orders by ${until} (India time); otherwise the order will be cancelled and nothing charged`
  )
}

/** The sentence a customer reads, e.g. "Your order MS-000123 has been shipped". */
export function notificationText(notice: OrderNotice): string {
  if (notice.kind === 'order.refund_changed')
    return `Refund of ${rupeeText(notice.amount)} for your order ${notice.number} ${REFUND_HAPPENED[notice.status]}`
  const { kind, number, status } = notice
  if (kind === 'order.created') return `Your order ${number} has been placed`
  if (kind === 'order.status_changed') return `Your order ${number} ${WHAT_HAPPENED[status]}`
  const item = notice.productName ? `${notice.productName} in your order` : 'An item in your order'
  return `${item} ${number} ${WHAT_HAPPENED[status]}`
}

/**
 * The e-mail version: a subject and a short plain-text body; an order's names where to follow it, an
 * account notice (no order number) is the text alone.
 */
export function notificationEmail(input: { text: string; orderNumber: string; customerName: string }): {
  subject: string
  body: string
} {
  const greeting = input.customerName.trim() ? `Hello ${input.customerName.trim()},` : 'Hello,'
  if (!input.orderNumber)
    return {
      subject: 'About your account | Medicine Store',
      body: `${greeting}\n\n${input.text}\n\nMedicine Store\n`,
    }
  return {
    subject: `${input.text} | Medicine Store`,
    body: `${greeting}\n\n${input.text}.\n\nYou can follow order ${input.orderNumber} under My Orders.\n\nMedicine Store\n`,
  }
}

/** What the owner of an account whose sign-ins keep failing reads. */
export function signInFailuresText(failures: number): string {
  return (
    `Someone has tried to sign in to your Medicine Store account ${failures} times with a wrong password. ` +
    'Further attempts from those places are being slowed down; you can still sign in as usual. ' +
    'If it was not you, nothing is needed, but a strong password you use nowhere else keeps the account safe.'
  )
}

/** Exponential back-off for delivery retries: base, 2×base, 4×base … capped at one hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60_000)
}

/** The 'forgot password' e-mail: the single-use link and until when it works (India time). */
export function passwordResetText(resetUrl: string, expiresAt: Date): string {
  const until = expiresAt.toLocaleTimeString('en-IN', {
    timeZone: 'Asia/Kolkata',
    hour: 'numeric',
    minute: '2-digit',
  })
  return (
    `To choose a new password for your Medicine Store account, open this link: ${resetUrl} ` +
    `It works once, until ${until} (India time). If you did not ask for it, ignore this e-mail: your password stays as it is.`
  )
}
