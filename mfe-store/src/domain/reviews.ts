import type { ReviewOverview } from '@medstore/contracts/review'

export interface StarRow {
  star: 1 | 2 | 3 | 4 | 5
  percent: number
}

/** The overview's bars, 5 stars first; percentages kept within 0..100. */
export function starRows(overview: ReviewOverview): StarRow[] {
  return ([5, 4, 3, 2, 1] as const).map((star) => ({
    star,
    percent: Math.min(100, Math.max(0, Math.round(overview.ratingPercentages[star] ?? 0))),
  }))
}

/** Spec: the average is shown rounded to whole stars. */
export const wholeStars = (average: number) => Math.min(5, Math.max(0, Math.round(average)))

/** One decimal for the figure next to the stars (e.g. 4.3). */
export const averageLabel = (average: number) => (Math.round(average * 10) / 10).toFixed(1)
