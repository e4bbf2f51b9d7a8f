/**
 * The Delivery panel's rules, kept free of React: PIN prefixes typed as text, and the holiday list. The
 * order service checks the same rules again (packages/contracts/src/delivery.ts).
 */
export type Holiday = { date: string; name: string }

const PREFIX = /^[1-9]\d{0,5}$/

/** A list of PIN codes or prefixes as the panel shows it: comma separated. */
export const prefixesText = (prefixes: readonly string[]): string => prefixes.join(', ')

/** Typed prefixes (commas, spaces or new lines between them) as a list, and the entries that are not prefixes. */
export function parsePrefixes(text: string): { prefixes: string[]; invalid: string[] } {
  const entries = text.split(/[\s,;]+/).filter(Boolean)
  const invalid = entries.filter((entry) => !PREFIX.test(entry))
  return { prefixes: [...new Set(entries.filter((entry) => PREFIX.test(entry)))].sort(), invalid }
}

/** Why a list of typed prefixes cannot be saved, or undefined when it can. */
export function prefixesProblem(text: string, max: number): string | undefined {
  const { prefixes, invalid } = parsePrefixes(text)
  if (invalid.length > 0)
    return `Not a PIN code or its first digits: ${invalid.slice(0, 5).join(', ')}${invalid.length > 5 ? ', …' : ''}`
  if (prefixes.length > max) return `At most ${max} entries (there are ${prefixes.length})`
  return undefined
}

/** The list with one holiday more (in date order), or why it cannot be added. */
export function addHoliday(
  holidays: readonly Holiday[],
  holiday: Holiday,
  max: number,
): { holidays: Holiday[] } | { problem: string } {
  const name = holiday.name.trim()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(holiday.date)) return { problem: 'Choose the day of the holiday.' }
  if (!name) return { problem: 'Name the holiday.' }
  if (holidays.some((h) => h.date === holiday.date)) return { problem: 'That day is already a holiday.' }
  if (holidays.length >= max) return { problem: `At most ${max} holidays.` }
  return {
    holidays: [...holidays, { date: holiday.date, name }].sort((a, b) => a.date.localeCompare(b.date)),
  }
}
