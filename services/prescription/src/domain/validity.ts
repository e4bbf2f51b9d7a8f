import type { PrescriptionState } from '@medstore/contracts/prescription'

const INDIA = 'Asia/Kolkata'

/** The calendar day (YYYY-MM-DD) in India at `at`: the day a pharmacist, a customer and an inspector mean. */
export function indianDay(at: Date): string {
  return at.toLocaleDateString('en-CA', { timeZone: INDIA })
}

/** The first instant of an Indian calendar day (IST is UTC+05:30 all year). */
export function startOfIndianDay(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`)
}

/** The day after (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * The last day a prescription issued on `issuedOn` may be used: `months` later, the day before the same
 * date (issued 15 Jan, 6 months: until 14 Jul); a month without that date ends on its last day.
 */
export function validUntil(issuedOn: string, months: number): string {
  const [y, m, d] = issuedOn.split('-').map(Number) as [number, number, number]
  const lastOfTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  const sameDay = new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfTarget)))
  sameDay.setUTCDate(sameDay.getUTCDate() - 1)
  return sameDay.toISOString().slice(0, 10)
}

/** Why a prescription date cannot be approved, or undefined: not in the future, not already past validity. */
export function issuedOnProblem(issuedOn: string, today: string, months: number): string | undefined {
  if (issuedOn > today) return 'The prescription date cannot be in the future'
  if (validUntil(issuedOn, months) < today)
    return `The prescription is older than ${months} months and can no longer be used`
  return undefined
}

/** Whether a prescription may be attached to a new order today. */
export function isUsable(
  p: { state: PrescriptionState; validUntil: string | null; deleted: boolean },
  today: string,
): boolean {
  if (p.deleted || p.state === 'rejected') return false
  if (p.state === 'approved') return p.validUntil !== null && p.validUntil >= today
  return true
}

/** Whole minutes from `since` to `now` (never negative). */
export const waitingMinutes = (since: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000))
