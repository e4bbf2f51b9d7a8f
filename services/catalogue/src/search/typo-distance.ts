/** Words shorter than this must be typed right: one slip in three letters leaves too many guesses. */
export const TYPO_MIN_WORD = 4

/** How many slips a word of this length may have: one, two from eight letters ('ashwagnda'). */
export const typosAllowed = (length: number) => (length < TYPO_MIN_WORD ? 0 : length < 8 ? 1 : 2)

/** The words of a name or a search, lower-cased: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
}

/**
 * The fewest single-letter edits (insert, delete, change) that turn `typed` into some prefix of `word`,
 * or `max + 1` when it takes more than `max`. A prefix, because a shopper may still be typing
 * ('paracetm' is one slip from 'paraceta…'). Column by column over `word`; the column minimum never
 * decreases, so the walk stops as soon as it passes `max`.
 */
export function prefixDistance(typed: string, word: string, max: number): number {
  const m = typed.length
  let column = Array.from({ length: m + 1 }, (_, i) => i)
  let best = column[m]!
  const end = Math.min(word.length, m + max)
  for (let j = 1; j <= end; j++) {
    const next = [j]
    let least = j
    for (let i = 1; i <= m; i++) {
      const change = column[i - 1]! + (typed[i - 1] === word[j - 1] ? 0 : 1)
      const value = Math.min(change, column[i]! + 1, next[i - 1]! + 1)
      next.push(value)
      if (value < least) least = value
    }
    column = next
    if (column[m]! < best) best = column[m]!
    if (least > max) break
  }
  return best <= max ? best : max + 1
}
