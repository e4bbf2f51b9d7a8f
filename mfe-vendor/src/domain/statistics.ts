import type { PeriodComparison } from '../api.ts'

/**
 * '+12.5%' / '-3.0%' / '0.0%' from the service's change (one decimal); with nothing in the 30 days
 * before there is no base to compare with: 'new' when there is something now.
 */
export function percentChange({ last30, changePercent }: PeriodComparison): string {
  if (changePercent === null) return last30 === 0 ? '0.0%' : 'new'
  return `${changePercent > 0 ? '+' : ''}${changePercent.toFixed(1)}%`
}

export function trend({ last30, previous30 }: PeriodComparison): 'up' | 'down' | 'flat' {
  return last30 > previous30 ? 'up' : last30 < previous30 ? 'down' : 'flat'
}

/** '23 Nov' for a YYYY-MM-DD day (chart axis and table). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}
