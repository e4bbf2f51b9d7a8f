/** India has one time zone and no daylight saving: a calendar day there is [00:00, 24:00) at +05:30. */
export function indianDayRange(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00+05:30`)
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) }
}
