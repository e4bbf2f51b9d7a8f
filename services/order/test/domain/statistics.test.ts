import { describe, expect, it } from 'vitest'
import {
  changePercent,
  comparison,
  indianDay,
  statisticsWindows,
  zeroFilled,
} from '../../src/domain/statistics'

describe('Indian calendar days', () => {
  it('puts an instant on the day it is in India (UTC+05:30)', () => {
    expect(indianDay(new Date('2026-03-10T18:29:59.999Z'))).toBe('2026-03-10')
    expect(indianDay(new Date('2026-03-10T18:30:00Z'))).toBe('2026-03-11')
  })

  it('makes two windows of whole Indian days, the last one ending today', () => {
    // 01:00 IST on 11 March.
    const w = statisticsWindows(new Date('2026-03-10T19:30:00Z'), 30)
    expect(w.today.toISOString()).toBe('2026-03-10T18:30:00.000Z')
    expect(w.days).toHaveLength(30)
    expect(w.days[0]).toBe('2026-02-10')
    expect(w.days.at(-1)).toBe('2026-03-11')
    expect(w.last.toISOString()).toBe('2026-02-09T18:30:00.000Z')
    expect(w.previous.toISOString()).toBe('2026-01-10T18:30:00.000Z')
    expect(new Set(w.days).size).toBe(30)
  })
})

describe('percent change', () => {
  it('is rounded to one decimal and may be negative', () => {
    expect(changePercent(150, 100)).toBe(50)
    expect(changePercent(1, 3)).toBe(-66.7)
    expect(changePercent(0, 4)).toBe(-100)
  })

  it('is null without a base to compare with', () => {
    expect(changePercent(5, 0)).toBeNull()
    expect(changePercent(0, 0)).toBeNull()
    expect(comparison(12.5, 0)).toEqual({ last30: 12.5, previous30: 0, changePercent: null })
  })
})

it('zero-fills the days without a value, keeping the order of the days', () => {
  const filled = zeroFilled(['2026-03-01', '2026-03-02', '2026-03-03'], new Map([['2026-03-02', 700]]))
  expect(filled).toEqual([
    { day: '2026-03-01', value: 0 },
    { day: '2026-03-02', value: 700 },
    { day: '2026-03-03', value: 0 },
  ])
})
