import type { RatingPercentages, ReviewOverview } from '@medstore/contracts/review'

export const STARS = [1, 2, 3, 4, 5] as const
export type Star = (typeof STARS)[number]
export type StarCounts = Record<Star, number>

export const noStars = (): StarCounts => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })

/**
 * Whole-number percentages of `counts` that add up to exactly 100 (largest-remainder rounding): every
 * share is rounded down, then the points still missing go to the shares with the largest remainders.
 * Plain rounding would show 33 + 33 + 33 = 99 for three equal shares. Ties go to the larger count, then
 * to the later position, so the answer is deterministic. All zeros when there is nothing to share.
 */
export function largestRemainderPercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0)
  if (total === 0) return counts.map(() => 0)
  // Integer arithmetic: remainders compared exactly, no floating-point noise.
  const shares = counts.map((count, index) => ({
    index,
    count,
    whole: Math.floor((count * 100) / total),
    remainder: (count * 100) % total,
  }))
  let missing = 100 - shares.reduce((sum, s) => sum + s.whole, 0)
  const byRemainder = [...shares].sort(
    (a, b) => b.remainder - a.remainder || b.count - a.count || b.index - a.index,
  )
  for (const share of byRemainder) {
    if (missing === 0) break
    share.whole += 1
    missing -= 1
  }
  return shares.map((s) => s.whole)
}

/** The review overview of a product from how many reviews gave each star. */
export function ratingOverview(counts: StarCounts): ReviewOverview {
  const totalRatings = STARS.reduce((sum, star) => sum + counts[star], 0)
  const starSum = STARS.reduce((sum, star) => sum + star * counts[star], 0)
  const percents = largestRemainderPercentages(STARS.map((star) => counts[star]))
  const ratingPercentages = Object.fromEntries(
    STARS.map((star, i) => [star, percents[i] ?? 0]),
  ) as RatingPercentages
  return {
    averageRating: totalRatings === 0 ? 0 : starSum / totalRatings,
    totalRatings,
    ratingPercentages,
  }
}
