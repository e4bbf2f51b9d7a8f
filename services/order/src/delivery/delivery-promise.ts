import { addBusinessDays, dispatchDay, isoDate, type WorkingCalendar } from './business-days'

/** The shipping policy: business days from dispatch to the door, at the latest and at the earliest. */
export const DELIVERY_SPEEDS = {
  standard: { min: 5, max: 7 },
  express: { min: 2, max: 4 },
} as const
export type DeliverySpeed = keyof typeof DELIVERY_SPEEDS

/** What the administrator decides (stored in delivery_settings, edited in the back-office). */
export type DeliveryRules = {
  /** PIN codes, or their leading digits, we do not deliver to; every other known PIN code is served. */
  unservedPrefixes: readonly string[]
  /** PIN codes, or their leading digits, served by express (the metros). */
  expressPrefixes: readonly string[]
  /** Orders after this time of day in India (HH:MM) are dispatched the next business day. */
  cutoffTime: string
  /** Days (YYYY-MM-DD) with no deliveries besides Sundays. */
  holidays: readonly { date: string; name: string }[]
}

const matchesAny = (pincode: string, prefixes: readonly string[]) =>
  prefixes.some((p) => pincode.startsWith(p))

export type Coverage = { served: false } | { served: true; speed: DeliverySpeed }

export function coverageOf(pincode: string, rules: DeliveryRules): Coverage {
  if (matchesAny(pincode, rules.unservedPrefixes)) return { served: false }
  return { served: true, speed: matchesAny(pincode, rules.expressPrefixes) ? 'express' : 'standard' }
}

export const minutesOfDay = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

export type DeliveryWindow = {
  speed: DeliverySpeed
  /** The business day the order goes to the courier (YYYY-MM-DD). */
  dispatchDate: string
  /** The earliest and the promised (latest) delivery day (YYYY-MM-DD). */
  earliestDate: string
  deliveryBy: string
}

/**
 * When an order placed at `at` reaches a served PIN code: dispatched on the day (before the cut-off on a
 * business day) or the next business day, then the speed's business days. The promise is the later bound:
 * a shopper reads "Delivery by" as a date we keep, so it is the one the order records.
 */
export function deliveryWindow(at: Date, speed: DeliverySpeed, rules: DeliveryRules): DeliveryWindow {
  const calendar: WorkingCalendar = { holidays: new Set(rules.holidays.map((h) => h.date)) }
  const dispatch = dispatchDay(at, minutesOfDay(rules.cutoffTime), calendar)
  const { min, max } = DELIVERY_SPEEDS[speed]
  return {
    speed,
    dispatchDate: isoDate(dispatch),
    earliestDate: isoDate(addBusinessDays(dispatch, min, calendar)),
    deliveryBy: isoDate(addBusinessDays(dispatch, max, calendar)),
  }
}
