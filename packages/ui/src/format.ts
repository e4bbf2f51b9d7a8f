import { currentLocale } from './i18n/language.ts'
import { t } from './messages.ts'

/**
 * How the shop writes and reads dates and counts for India: short dates as dd/mm/yyyy and long ones as
 * '28 November 2026' (en-IN; '28 नवंबर 2026' in hi-IN) on the Indian clock (Asia/Kolkata), whatever the
 * browser's own zone; typed dates as dd/mm/yyyy. One place, so every screen agrees. The locale defaults to
 * the page's language (./i18n/language.ts).
 */
const INDIA = { timeZone: 'Asia/Kolkata' } as const

/**
 * Made on first use, not when the UI kit loads: the browser's first DateTimeFormat with a time zone
 * loads its zone data, 20–90 ms of main thread in Chromium (×4 on Lighthouse's phone), and the first
 * render of most pages shows no date.
 */
function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>()
  return (locale) => {
    let value = made.get(locale)
    if (value === undefined) {
      value = make(locale)
      made.set(locale, value)
    }
    return value
  }
}

const day = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale, { ...INDIA, day: '2-digit', month: '2-digit', year: 'numeric' }),
)
const longDay = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { ...INDIA, day: 'numeric', month: 'long', year: 'numeric' }),
)
const weekdayDay = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      ...INDIA,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
)
const dayAndTime = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      ...INDIA,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
)

const parsed = (iso: string): Date | undefined => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** '2026-11-22T20:00:00Z' → '23/11/2026' (the day in India); '—' for a missing or broken date. */
export function formatDate(iso: string, locale = currentLocale()): string {
  const date = parsed(iso)
  return date ? day(locale).format(date) : '—'
}

/** '2026-11-27T20:00:00Z' → '28 November 2026' (the day in India, long form: order dates); '—' for a missing or broken date. */
export function formatLongDate(iso: string, locale = currentLocale()): string {
  const date = parsed(iso)
  return date ? longDay(locale).format(date) : '—'
}

/**
 * A calendar day in India ('2026-12-15', e.g. a delivery promise) → 'Tuesday, 15 December 2026'
 * ('मंगलवार, 15 दिसंबर 2026' in Hindi); '—' for a missing or broken day.
 */
export function formatWeekdayDate(day: string | null | undefined, locale = currentLocale()): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '—'
  const date = parsed(`${day}T12:00:00+05:30`)
  return date ? weekdayDay(locale).format(date) : '—'
}

/** The hint a typed-date field shows, and why a typed date cannot be used. */
export const INDIAN_DATE_HINT = 'dd/mm/yyyy'
export const INDIAN_DATE_INVALID = `Enter the date as ${INDIAN_DATE_HINT}, e.g. 28/11/2026`

/**
 * A date typed the Indian way, day first ('28/11/2026', '8-1-2026', '28.11.2026'), as the API's calendar
 * day ('2026-11-28'); a day already written YYYY-MM-DD (an old link) is kept. Undefined for anything
 * else, or a day that does not exist (31/02/2026).
 */
export function parseIndianDate(text: string): string | undefined {
  const typed = text.trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed)
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed)
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [Number.NaN, Number.NaN, Number.NaN]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (
    year < 1000 ||
    Number.isNaN(date.getTime()) ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return undefined
  return date.toISOString().slice(0, 10)
}

/** '2026-11-23T11:40:00Z' → '23/11/2026, 5:10 pm' (Indian time); '—' for a missing or broken date. */
export function formatDateTime(iso: string, locale = currentLocale()): string {
  const date = parsed(iso)
  return date ? dayAndTime(locale).format(date) : '—'
}

/**
 * An order's size as a shopper and a pharmacist count it: units, not lines (2 strips of one medicine
 * and 1 of another are '3 items').
 */
export function formatItemCount(lines: readonly { quantity: number }[]): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0)
  return t('itemCount', { count: units })
}
