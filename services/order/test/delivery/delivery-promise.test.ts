import { describe, expect, it } from 'vitest'
import {
  addBusinessDays,
  dayNumber,
  dispatchDay,
  indianClock,
  isoDate,
  weekday,
} from '../../src/delivery/business-days'
import { DEFAULT_DELIVERY_RULES } from '../../src/delivery/default-delivery-rules'
import { coverageOf, type DeliveryRules, deliveryWindow } from '../../src/delivery/delivery-promise'

const rules: DeliveryRules = {
  unservedPrefixes: ['744', '6825'],
  expressPrefixes: ['110', '400', '560001'],
  cutoffTime: '14:00',
  holidays: [
    { date: '2026-01-26', name: 'Republic Day' },
    { date: '2026-10-02', name: 'Gandhi Jayanti' },
    { date: '2026-12-25', name: 'Christmas' },
  ],
}
const calendar = { holidays: new Set(rules.holidays.map((h) => h.date)) }
/** An instant given as a wall-clock time in India. */
const ist = (local: string) => new Date(`${local}+05:30`)

describe('business days', () => {
  it('numbers days and weekdays on the calendar', () => {
    expect(isoDate(dayNumber('2026-11-28'))).toBe('2026-11-28')
    expect(weekday(dayNumber('2026-11-28'))).toBe(6) // a Saturday
    expect(weekday(dayNumber('2026-11-29'))).toBe(0)
    expect(weekday(dayNumber('1969-12-28'))).toBe(0) // before 1970 too
  })

  it("reads the day and time in India, not UTC's", () => {
    // 20:00 UTC on Sunday is 01:30 on Monday in India.
    expect(indianClock(new Date('2026-12-06T20:00:00Z'))).toEqual({
      day: dayNumber('2026-12-07'),
      minutes: 90,
    })
    expect(indianClock(new Date('2026-12-07T18:29:00Z'))).toEqual({
      day: dayNumber('2026-12-07'),
      minutes: 23 * 60 + 59,
    })
  })

  it('skips Sundays but counts Saturdays', () => {
    const friday = dayNumber('2026-12-11')
    expect(isoDate(addBusinessDays(friday, 1, calendar))).toBe('2026-12-12')
    expect(isoDate(addBusinessDays(friday, 2, calendar))).toBe('2026-12-14')
    expect(isoDate(addBusinessDays(friday, 0, calendar))).toBe('2026-12-11')
  })

  it('skips holidays, also next to a Sunday', () => {
    // Gandhi Jayanti 2026 is a Friday: Thursday + 1 is Saturday; + 2 is Monday.
    const thursday = dayNumber('2026-10-01')
    expect(isoDate(addBusinessDays(thursday, 1, calendar))).toBe('2026-10-03')
    expect(isoDate(addBusinessDays(thursday, 2, calendar))).toBe('2026-10-05')
  })

  it('crosses the year end', () => {
    // Christmas on Friday 25 Dec, then Sunday 27: Thursday 24 + 3 = Tuesday 29; + 7 = Saturday 2 Jan 2027.
    const thursday = dayNumber('2026-12-24')
    expect(isoDate(addBusinessDays(thursday, 3, calendar))).toBe('2026-12-29')
    expect(isoDate(addBusinessDays(thursday, 7, calendar))).toBe('2027-01-02')
  })
})

describe('the cut-off', () => {
  const cutoff = 14 * 60
  it('dispatches the same business day before the cut-off, the next one from it on', () => {
    expect(isoDate(dispatchDay(ist('2026-12-07T13:59:59'), cutoff, calendar))).toBe('2026-12-07')
    expect(isoDate(dispatchDay(ist('2026-12-07T14:00:00'), cutoff, calendar))).toBe('2026-12-08')
    expect(isoDate(dispatchDay(ist('2026-12-07T23:59:00'), cutoff, calendar))).toBe('2026-12-08')
  })
  it('dispatches an order of a Sunday or a holiday on the next business day, whatever the hour', () => {
    expect(isoDate(dispatchDay(ist('2026-12-06T09:00:00'), cutoff, calendar))).toBe('2026-12-07')
    expect(isoDate(dispatchDay(ist('2026-01-26T09:00:00'), cutoff, calendar))).toBe('2026-01-27')
    // Saturday after the cut-off: Sunday is skipped.
    expect(isoDate(dispatchDay(ist('2026-12-05T15:00:00'), cutoff, calendar))).toBe('2026-12-07')
  })
  it('uses the day in India at the UTC day boundary', () => {
    // Sunday 20:00 UTC is Monday 01:30 in India, before the cut-off: dispatched that Monday.
    expect(isoDate(dispatchDay(new Date('2026-12-06T20:00:00Z'), cutoff, calendar))).toBe('2026-12-07')
  })
})

describe('the delivery window', () => {
  it('promises standard 5–7 business days after dispatch', () => {
    expect(deliveryWindow(ist('2026-12-07T10:00:00'), 'standard', rules)).toEqual({
      speed: 'standard',
      dispatchDate: '2026-12-07',
      earliestDate: '2026-12-12',
      deliveryBy: '2026-12-15',
    })
  })
  it('counts from the next business day after the cut-off', () => {
    expect(deliveryWindow(ist('2026-12-07T15:00:00'), 'standard', rules).deliveryBy).toBe('2026-12-16')
  })
  it('promises express 2–4 business days', () => {
    expect(deliveryWindow(ist('2026-12-06T09:00:00'), 'express', rules)).toEqual({
      speed: 'express',
      dispatchDate: '2026-12-07',
      earliestDate: '2026-12-09',
      deliveryBy: '2026-12-11',
    })
  })
  it('skips a holiday inside the window', () => {
    expect(deliveryWindow(ist('2026-10-01T10:00:00'), 'express', rules).deliveryBy).toBe('2026-10-07')
  })
  it('crosses the year end after the cut-off on Christmas Eve', () => {
    expect(deliveryWindow(ist('2026-12-24T16:00:00'), 'standard', rules)).toEqual({
      speed: 'standard',
      dispatchDate: '2026-12-26',
      earliestDate: '2027-01-01',
      deliveryBy: '2027-01-04',
    })
  })
  it('follows a moved cut-off', () => {
    const late = { ...rules, cutoffTime: '18:30' }
    expect(deliveryWindow(ist('2026-12-07T18:00:00'), 'express', late).dispatchDate).toBe('2026-12-07')
    expect(deliveryWindow(ist('2026-12-07T18:30:00'), 'express', late).dispatchDate).toBe('2026-12-08')
  })
})

describe('coverage', () => {
  it('serves every PIN code but the unserved prefixes, express for the listed prefixes', () => {
    expect(coverageOf('110001', rules)).toEqual({ served: true, speed: 'express' })
    expect(coverageOf('560001', rules)).toEqual({ served: true, speed: 'express' })
    expect(coverageOf('560002', rules)).toEqual({ served: true, speed: 'standard' })
    expect(coverageOf('682001', rules)).toEqual({ served: true, speed: 'standard' })
    expect(coverageOf('682555', rules)).toEqual({ served: false })
    expect(coverageOf('744101', rules)).toEqual({ served: false })
  })
  it('lets an unserved prefix win over an express one', () => {
    expect(coverageOf('400001', { ...rules, unservedPrefixes: ['4000'] })).toEqual({ served: false })
  })
})

describe('the default rules', () => {
  it('keep the national holidays of 2026 and 2027', () => {
    const days = DEFAULT_DELIVERY_RULES.holidays.map((h) => h.date)
    for (const year of ['2026', '2027'])
      for (const day of ['01-26', '08-15', '10-02']) expect(days).toContain(`${year}-${day}`)
  })
  it('give the six metros express', () => {
    for (const pincode of ['110001', '400001', '560001', '600001', '700001', '500001'])
      expect(coverageOf(pincode, DEFAULT_DELIVERY_RULES)).toEqual({ served: true, speed: 'express' })
  })
})
