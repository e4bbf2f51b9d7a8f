import type { PeriodComparison } from '@medstore/contracts/order-statistics'
import { indianDayRange } from './list-filters'

const DAY_MS = 24 * 60 * 60 * 1000
/** India is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000

/** The Indian calendar day (YYYY-MM-DD) an instant falls on. */
export const indianDay = (at: Date): string =>
  new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)

/** The time ranges the dashboard compares, all on Indian day boundaries, so the windows match the chart. */
export type StatisticsWindows = {
  /** Start of the day `days` - 1 days before today: the last window is [last, now]. */
  last: Date
  /** Start of the window before it: [previous, last). */
  previous: Date
  /** 00:00 IST today. */
  today: Date
  now: Date
  /** The last window's days, oldest first, today last. */
  days: string[]
}

export function statisticsWindows(now: Date, days: number): StatisticsWindows {
  const today = indianDayRange(indianDay(now)).from
  const last = new Date(today.getTime() - (days - 1) * DAY_MS)
  const previous = new Date(last.getTime() - days * DAY_MS)
  const dayList = Array.from({ length: days }, (_, i) => indianDay(new Date(last.getTime() + i * DAY_MS)))
  return { last, previous, today, now, days: dayList }
}

/** Percent change with one decimal; null without a base (0 before), where a percentage means nothing. */
export function changePercent(last: number, previous: number): number | null {
  if (previous === 0) return null
  return Math.round(((last - previous) / previous) * 1000) / 10
}

export const comparison = (last30: number, previous30: number): PeriodComparison => ({
  last30,
  previous30,
  changePercent: changePercent(last30, previous30),
})

/** Every day of the window in order, with the day's value or 0 when nothing happened that day. */
export function zeroFilled(days: string[], values: Map<string, number>): { day: string; value: number }[] {
  return days.map((day) => ({ day, value: values.get(day) ?? 0 }))
}
