import { describe, expect, it } from 'vitest'
import { largestRemainderPercentages, noStars, ratingOverview } from '../src/domain/rating-overview'

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe('largestRemainderPercentages', () => {
  it('makes three equal shares add up to 100, not 99', () => {
    const percents = largestRemainderPercentages([1, 1, 0, 0, 1])
    expect(sum(percents)).toBe(100)
    expect([...percents].sort()).toEqual([0, 0, 33, 33, 34])
  })

  it('gives nothing to an empty share', () => {
    expect(largestRemainderPercentages([0, 2, 0, 0, 1])).toEqual([0, 67, 0, 0, 33])
  })

  it('gives the missing points to the largest remainders', () => {
    // 1/7 = 14.29, 2/7 = 28.57, 4/7 = 57.14: floors 14 + 28 + 57 = 99; the largest remainder is 28.57's.
    expect(largestRemainderPercentages([1, 2, 4, 0, 0])).toEqual([14, 29, 57, 0, 0])
  })

  it('keeps exact shares exact', () => {
    expect(largestRemainderPercentages([1, 1, 1, 1, 0])).toEqual([25, 25, 25, 25, 0])
    expect(largestRemainderPercentages([0, 0, 0, 0, 9])).toEqual([0, 0, 0, 0, 100])
  })

  it('is all zeros with nothing to share', () => {
    expect(largestRemainderPercentages([0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0])
  })

  it('always adds up to 100 on awkward counts', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const counts = [1, 2, 3, 4, 5].map((k) => (seed * k * 7919) % 13)
      if (sum(counts) === 0) continue
      const percents = largestRemainderPercentages(counts)
      expect(sum(percents)).toBe(100)
      // No share is more than one point away from its exact value.
      percents.forEach((p, i) => {
        expect(Math.abs(p - ((counts[i] ?? 0) * 100) / sum(counts))).toBeLessThan(1)
      })
    }
  })
})

describe('ratingOverview', () => {
  it('averages exactly and counts every review', () => {
    const overview = ratingOverview({ 1: 1, 2: 1, 3: 0, 4: 0, 5: 1 })
    expect(overview.averageRating).toBeCloseTo(8 / 3, 12)
    expect(overview.totalRatings).toBe(3)
    expect(sum(Object.values(overview.ratingPercentages))).toBe(100)
    expect(overview.ratingPercentages[3]).toBe(0)
  })

  it('is all zeros for a product with no reviews', () => {
    expect(ratingOverview(noStars())).toEqual({
      averageRating: 0,
      totalRatings: 0,
      ratingPercentages: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    })
  })
})
