/**
 * The customer's side of prescriptions, as pure rules: which files an upload may take (the server checks
 * the bytes again and is the authority), how a prescription's and an order's state read, and which
 * prescriptions an order may use. Type-only imports: no zod on the checkout's first render.
 */
import type { OrderPrescription } from '@medstore/contracts/order'
import type { Prescription } from '@medstore/contracts/prescription'

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
  if (files.length === 0) return { ok: false, message: 'Choose a photo or PDF of your prescription.' }
  if (files.length > PAGES_MAX)
    return { ok: false, message: `Choose at most ${PAGES_MAX} pages for one prescription.` }
  for (const file of files) {
    const typed = file.type
      ? (ACCEPTED_TYPES as readonly string[]).includes(file.type)
      : ACCEPTED_EXTENSIONS.test(file.name)
    if (!typed)
      return {
        ok: false,
        message: `“${file.name}” is not a JPEG, PNG, WebP or PDF file. Take a photo or scan of the prescription.`,
      }
    if (file.size === 0) return { ok: false, message: `“${file.name}” is empty.` }
    if (file.size > FILE_MAX_BYTES)
      return {
        ok: false,
        message: `“${file.name}” is ${megabytes(file.size)}; each page can be at most 10 MB.`,
      }
  }
  return { ok: true }
}

/** 12 Dec 2026 (a day as YYYY-MM-DD, read as that calendar day wherever the browser is). */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return day
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

export type Tone = 'waiting' | 'good' | 'bad'

/** A prescription's state as the customer reads it. */
export function prescriptionStateText(p: Prescription): { text: string; tone: Tone } {
  if (p.state === 'approved')
    return p.validUntil && p.usable
      ? { text: `Approved · valid until ${dayText(p.validUntil)}`, tone: 'good' }
      : { text: `Approved · expired${p.validUntil ? ` on ${dayText(p.validUntil)}` : ''}`, tone: 'bad' }
  if (p.state === 'rejected')
    return { text: `Rejected: ${p.rejectionReason ?? 'no reason given'}`, tone: 'bad' }
  return { text: 'Awaiting review by our pharmacist', tone: 'waiting' }
}

/** Deleting is refused while an open order holds it: the reason, or undefined when it may go. */
export function deleteBlock(p: Prescription): string | undefined {
  if (p.openOrders.length === 0) return undefined
  return `Attached to ${p.openOrders.length === 1 ? 'order' : 'orders'} ${p.openOrders.join(', ')}: it can be deleted once ${p.openOrders.length === 1 ? 'that order is' : 'they are'} delivered or cancelled.`
}

/** The prescriptions an order may take: approved and still valid first, then those awaiting review. */
export function choosable(list: readonly Prescription[]): Prescription[] {
  const rank = (p: Prescription) => (p.state === 'approved' ? 0 : 1)
  return list.filter((p) => p.usable).sort((a, b) => rank(a) - rank(b))
}

/** An order's prescription check as My orders says it. */
export function orderPrescriptionText(p: OrderPrescription): { text: string; tone: Tone } {
  if (p.status === 'approved') return { text: 'Prescription approved by our pharmacist', tone: 'good' }
  if (p.status === 'rejected')
    return { text: `Prescription rejected: ${p.reason ?? 'no reason given'}`, tone: 'bad' }
  return { text: 'Awaiting prescription verification by our pharmacist', tone: 'waiting' }
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
