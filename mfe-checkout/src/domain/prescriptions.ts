/**
 * The customer's side of prescriptions, as pure rules: which files an upload may take (the server checks
 * the bytes again and is the authority), how a prescription's and an order's state read, and which
 * prescriptions an order may use. Type-only imports: no zod on the checkout's first render.
 */
import type { OrderPrescription } from '@medstore/contracts/order'
import type { Prescription } from '@medstore/contracts/prescription'
import { formatLongDate } from '@medstore/ui'
import { t } from '../i18n.ts'

/** The contract's limits (packages/contracts/src/prescription.ts), repeated as values a first render can use. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024
export const PAGES_MAX = 5
export const FILE_FIELD = 'pages'
/** What the file picker offers. */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i

/** Prescriptions shown per page on My prescriptions and in the checkout's choice. */
export const PRESCRIPTIONS_PER_PAGE = 10

export interface PickedFile {
  name: string
  size: number
  type: string
}

export type FileCheck = { ok: true } | { ok: false; message: string }

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/**
 * The pages a customer picked, checked before anything is sent: 1 to 5 files, each a JPEG, PNG, WebP or
 * PDF (by its type, or its name where the browser gives no type) of at most 10 MB.
 */
export function checkPickedFiles(files: readonly PickedFile[]): FileCheck {
  if (files.length === 0) return { ok: false, message: t('rx.check.none') }
  if (files.length > PAGES_MAX) return { ok: false, message: t('rx.check.tooMany', { max: PAGES_MAX }) }
  for (const file of files) {
    const typed = file.type
      ? (ACCEPTED_TYPES as readonly string[]).includes(file.type)
      : ACCEPTED_EXTENSIONS.test(file.name)
    if (!typed) return { ok: false, message: t('rx.check.type', { name: file.name }) }
    if (file.size === 0) return { ok: false, message: t('rx.check.empty', { name: file.name }) }
    if (file.size > FILE_MAX_BYTES)
      return { ok: false, message: t('rx.check.tooBig', { name: file.name, size: megabytes(file.size) }) }
  }
  return { ok: true }
}

/** A day (YYYY-MM-DD) in the page's language: midnight UTC is already that day in India. */
export const dayText = (day: string): string => formatLongDate(day)

export type Tone = 'waiting' | 'good' | 'bad'

/** A prescription's state as the customer reads it. */
export function prescriptionStateText(p: Prescription): { text: string; tone: Tone } {
  if (p.state === 'approved') {
    if (p.validUntil && p.usable)
      return { text: t('rx.state.approved', { date: dayText(p.validUntil) }), tone: 'good' }
    const text = p.validUntil
      ? t('rx.state.expired', { date: dayText(p.validUntil) })
      : t('rx.state.expiredUndated')
    return { text, tone: 'bad' }
  }
  if (p.state === 'rejected')
    return { text: t('rx.state.rejected', { reason: p.rejectionReason ?? t('rx.noReason') }), tone: 'bad' }
  return { text: t('rx.state.awaiting'), tone: 'waiting' }
}

/** Deleting is refused while an open order holds it: the reason, or undefined when it may go. */
export function deleteBlock(p: Prescription): string | undefined {
  if (p.openOrders.length === 0) return undefined
  return t('rx.deleteBlock', { count: p.openOrders.length, orders: p.openOrders.join(', ') })
}

/** The prescriptions an order may take: approved and still valid first, then those awaiting review. */
export function choosable(list: readonly Prescription[]): Prescription[] {
  const rank = (p: Prescription) => (p.state === 'approved' ? 0 : 1)
  return list.filter((p) => p.usable).sort((a, b) => rank(a) - rank(b))
}

/** An order's prescription check as My orders says it. */
export function orderPrescriptionText(p: OrderPrescription): { text: string; tone: Tone } {
  if (p.status === 'approved') return { text: t('rx.order.approved'), tone: 'good' }
  if (p.status === 'rejected')
    return { text: t('rx.order.rejected', { reason: p.reason ?? t('rx.noReason') }), tone: 'bad' }
  return { text: t('rx.order.awaiting'), tone: 'waiting' }
}

/** A rejected order may take another prescription until `reattachBy`. */
export const reattachOpen = (p: OrderPrescription, now: Date): boolean =>
  p.status === 'rejected' && p.reattachBy !== null && Date.parse(p.reattachBy) > now.getTime()

/** The schedules an order may hold only with a prescription (the contract's PRESCRIPTION_SCHEDULES). */
const PRESCRIPTION_SCHEDULES: readonly string[] = ['H', 'H1']

/** True when a line the order would take is a Schedule H or H1 medicine. */
export const cartNeedsPrescription = (
  lines: readonly { available: boolean; productId: { _id: string; schedule?: string | undefined } }[],
): boolean =>
  lines.some((line) => line.available && PRESCRIPTION_SCHEDULES.includes(line.productId.schedule ?? 'OTC'))
