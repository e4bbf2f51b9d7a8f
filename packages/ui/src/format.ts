/**
 * How the shop writes dates and counts for India: dates as dd/mm/yyyy (en-IN) on the Indian clock
 * (Asia/Kolkata), whatever the browser's own zone; one place, so every screen agrees.
 */
const INDIA = { timeZone: 'Asia/Kolkata' } as const

/**
 * Made on first use, not when the UI kit loads: the browser's first DateTimeFormat with a time zone
 * loads its zone data, 20–90 ms of main thread in Chromium (×4 on Lighthouse's phone), and the first
 * render of most pages shows no date.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}

const day = once(
  () => new Intl.DateTimeFormat('en-IN', { ...INDIA, day: '2-digit', month: '2-digit', year: 'numeric' }),
)
const dayAndTime = once(
  () =>
    new Intl.DateTimeFormat('en-IN', {
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
export function formatDate(iso: string): string {
  const date = parsed(iso)
  return date ? day().format(date) : '—'
}

/** '2026-11-23T11:40:00Z' → '23/11/2026, 5:10 pm' (Indian time); '—' for a missing or broken date. */
export function formatDateTime(iso: string): string {
  const date = parsed(iso)
  return date ? dayAndTime().format(date) : '—'
}

/**
 * An order's size as a shopper and a pharmacist count it: units, not lines (2 strips of one medicine
 * and 1 of another are '3 items').
 */
export function formatItemCount(lines: readonly { quantity: number }[]): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0)
  return `${units} ${units === 1 ? 'item' : 'items'}`
}
