/**
 * Calendar arithmetic for the delivery promise, on days in India. A day is its number since 1970-01-01
 * (a Thursday); India has one offset all year (UTC+5:30, no daylight saving), so "today in India" is the
 * UTC day of the instant moved by that offset, with no time-zone database involved.
 */
const IST_OFFSET_MS = 330 * 60_000
const DAY_MS = 86_400_000

/** A calendar day as its number since 1970-01-01. */
export type DayNumber = number

export const dayNumber = (isoDate: string): DayNumber => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS
export const isoDate = (day: DayNumber): string => new Date(day * DAY_MS).toISOString().slice(0, 10)
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: DayNumber): number => (((day + 4) % 7) + 7) % 7

/** The day and the minutes past midnight of an instant, in India. */
export function indianClock(at: Date): { day: DayNumber; minutes: number } {
  const shifted = at.getTime() + IST_OFFSET_MS
  const day = Math.floor(shifted / DAY_MS)
  return { day, minutes: Math.floor((shifted - day * DAY_MS) / 60_000) }
}

/** Sundays and the listed holidays are the days couriers do not deliver; Saturdays they do. */
export type WorkingCalendar = { holidays: ReadonlySet<string> }

export const isBusinessDay = (day: DayNumber, calendar: WorkingCalendar): boolean =>
  weekday(day) !== 0 && !calendar.holidays.has(isoDate(day))

export function nextBusinessDay(day: DayNumber, calendar: WorkingCalendar): DayNumber {
  let next = day + 1
  while (!isBusinessDay(next, calendar)) next++
  return next
}

/** The business day `count` business days after `day` (count 0: the day itself). */
export function addBusinessDays(day: DayNumber, count: number, calendar: WorkingCalendar): DayNumber {
  let result = day
  for (let left = count; left > 0; left--) result = nextBusinessDay(result, calendar)
  return result
}

/**
 * The business day an order placed at `at` is handed to the courier: that day when it is a business day
 * and the order comes before the cut-off (minutes past midnight in India), else the next business day.
 */
export function dispatchDay(at: Date, cutoffMinutes: number, calendar: WorkingCalendar): DayNumber {
  const { day, minutes } = indianClock(at)
  return isBusinessDay(day, calendar) && minutes < cutoffMinutes ? day : nextBusinessDay(day, calendar)
}
