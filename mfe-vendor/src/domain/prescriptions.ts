import {
  type ApprovePrescriptionRequest,
  approvePrescriptionRequest,
  type PrescriptionLine,
  registerRange,
} from '@medstore/contracts/prescription'
import { INDIAN_DATE_INVALID, parseIndianDate } from '@medstore/ui'

/** Orders in the verification queue per page; register rows and access-log rows per page. */
export const QUEUE_PAGE_SIZE = 10
export const REGISTER_PAGE_SIZE = 20
export const ACCESS_LOG_PAGE_SIZE = 20

/** How long an order has waited, as a pharmacist reads it at a glance: '8 min', '3 h 5 min', '2 days 4 h'. */
export function waitingText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes))
  if (m < 60) return `${m} min`
  const hours = Math.floor(m / 60)
  if (hours < 24) return m % 60 ? `${hours} h ${m % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  const rest = hours % 24
  return `${days} ${days === 1 ? 'day' : 'days'}${rest ? ` ${rest} h` : ''}`
}

/** An Rx line as the pharmacist reads it: 'Azithral 500 × 2 (H1)'. */
export const lineText = (line: PrescriptionLine) => `${line.name} × ${line.quantity} (${line.schedule})`

/** Over a day in the queue: shown as overdue. */
export const isOverdue = (minutes: number) => minutes >= 24 * 60

/** A day (YYYY-MM-DD) in India's calendar, `days` from `now` (negative: back). */
export function indianDay(now: Date, days = 0): string {
  const shifted = new Date(now.getTime() + days * 86_400_000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(shifted)
}

export type ApproveForm = Record<keyof ApprovePrescriptionRequest, string>
export const emptyApproveForm = (): ApproveForm => ({
  doctorName: '',
  doctorRegistration: '',
  patientName: '',
  issuedOn: '',
})

export type FieldErrors<K extends string> = Partial<Record<K, string>>

/**
 * The approval as the contract takes it, or each field's problem (the contract's own messages; a
 * prescription dated after today is refused here too, the server checks it again with its validity).
 * The date is typed as the prescription shows it, day first (28/11/2026).
 */
export function checkApproval(
  form: ApproveForm,
  today: string,
): { ok: true; value: ApprovePrescriptionRequest } | { ok: false; errors: FieldErrors<keyof ApproveForm> } {
  const typedDate = form.issuedOn.trim()
  const issuedOn = parseIndianDate(typedDate)
  const parsed = approvePrescriptionRequest.safeParse({ ...form, issuedOn: issuedOn ?? typedDate })
  const errors: FieldErrors<keyof ApproveForm> = {}
  if (typedDate && !issuedOn) errors.issuedOn = INDIAN_DATE_INVALID
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ApproveForm
      errors[field] ??= issue.message
    }
  if (!errors.issuedOn && issuedOn && issuedOn > today)
    errors.issuedOn = 'Prescription date cannot be in the future'
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: parsed.data }
}

/** A rejection needs its reason (the customer reads it). */
export function rejectionProblem(reason: string): string | undefined {
  return reason.trim()
    ? undefined
    : 'Give the reason: the customer reads it and may attach another prescription'
}

/** The register's range, checked with the contract (both days, from ≤ to, at most a year). */
export function rangeProblem(from: string, to: string): string | undefined {
  const parsed = registerRange.safeParse({ from, to })
  return parsed.success ? undefined : parsed.error.issues[0]?.message
}

export const registerCsvName = (from: string, to: string) => `dispensing-register-${from}-to-${to}.csv`
