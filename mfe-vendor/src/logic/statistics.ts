import type { PeriodFigure } from '../api.ts'

/** '+12.5%' / '-3.0%' / 'new' (nothing before) / '0.0%' — the change of the last 30 days against the 30 before. */
export function percentChange({ current, previous }: PeriodFigure): string {
  if (previous === 0) return current === 0 ? '0.0%' : 'new'
  const change = ((current - previous) / previous) * 100
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}%`
}

export function trend({ current, previous }: PeriodFigure): 'up' | 'down' | 'flat' {
  return current > previous ? 'up' : current < previous ? 'down' : 'flat'
}

/** '23 Nov' for a YYYY-MM-DD day (chart axis and table). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}
