import { describe, expect, it } from 'vitest'
import {
  cappedGrid,
  clampQuantity,
  filterQuery,
  listSearch,
  listStateFrom,
  maxOrderable,
  truncateWords,
} from '../src/domain/catalogue.ts'
import { PENDING_ADD_MAX_AGE_MS, parsePendingAdd } from '../src/domain/pending-add.ts'
import { starRows, wholeStars } from '../src/domain/reviews.ts'
import { moveActive } from '../src/domain/suggestions.ts'

describe('storefront rules', () => {
  it('cuts a description to 10 words with an ellipsis, and leaves shorter ones alone', () => {
    expect(truncateWords('a b c d e f g h i j k l')).toBe('a b c d e f g h i j…')
    expect(truncateWords('  a  b\nc ')).toBe('a b c')
    expect(truncateWords('a b c d e f g h i j')).toBe('a b c d e f g h i j')
    expect(truncateWords('')).toBe('')
    expect(truncateWords('Blend for daily baby use. Twice a day, after a bath.', 5)).toBe(
      'Blend for daily baby use…',
    )
  })

  it('caps the grid at 12 and asks for Load More only when more match', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i)
    expect(cappedGrid(twenty, 20)).toEqual({ shown: twenty.slice(0, 12), hasMore: true })
    expect(cappedGrid(twenty.slice(0, 12), 40).hasMore).toBe(true)
    expect(cappedGrid(twenty.slice(0, 12), 12).hasMore).toBe(false)
    expect(cappedGrid([], 0)).toEqual({ shown: [], hasMore: false })
  })

  it('keeps quantities within 1..min(stock, 20)', () => {
    expect(maxOrderable(0)).toBe(0)
    expect(maxOrderable(7)).toBe(7)
    expect(maxOrderable(500)).toBe(20)
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(9, 5)).toBe(5)
    expect(clampQuantity(3, 0)).toBe(1)
    expect(clampQuantity(Number.NaN, 5)).toBe(1)
  })

  it('reads and writes the /products URL (empty filters and page 1 left out)', () => {
    const state = listStateFrom(new URLSearchParams('q=para&category=Pain+%26+Fever&page=3'))
    expect(state).toEqual({ q: 'para', category: 'Pain & Fever', page: 3 })
    expect(listStateFrom(new URLSearchParams(listSearch(state)))).toEqual(state)
    expect(listSearch({ q: ' ', category: 'All', page: 1 })).toBe('')
    expect(listStateFrom(new URLSearchParams('page=-2')).page).toBe(1)
    expect(filterQuery({ q: ' dolo ', category: '' })).toEqual({ q: 'dolo' })
  })

  it('moves the highlighted suggestion with the arrows, wrapping round', () => {
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0)
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0)
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2)
    expect(moveActive(0, 'ArrowUp', 3)).toBe(2)
    expect(moveActive(1, 'End', 3)).toBe(2)
    expect(moveActive(2, 'Home', 3)).toBe(0)
    expect(moveActive(1, 'ArrowDown', 0)).toBe(-1)
    expect(moveActive(5, 'x', 3)).toBe(2)
  })

  it('lists the overview bars from 5 stars down and rounds the average', () => {
    const rows = starRows({
      averageRating: 4.5,
      totalRatings: 2,
      ratingPercentages: { 1: 0, 2: 0, 3: 0, 4: 50, 5: 50 },
    })
    expect(rows.map((r) => r.star)).toEqual([5, 4, 3, 2, 1])
    expect(rows[0]?.percent).toBe(50)
    expect(wholeStars(4.5)).toBe(5)
    expect(wholeStars(4.49)).toBe(4)
  })

  it('keeps a guest Add to Cart for a while, and drops one that is malformed or old', () => {
    const now = 1_000_000_000
    const ok = JSON.stringify({ productId: 'p1', quantity: 2, at: now - 1000 })
    expect(parsePendingAdd(ok, now)).toEqual({ productId: 'p1', quantity: 2, at: now - 1000 })
    expect(
      parsePendingAdd(
        JSON.stringify({ productId: 'p1', quantity: 2, at: now - PENDING_ADD_MAX_AGE_MS - 1 }),
        now,
      ),
    ).toBeNull()
    expect(parsePendingAdd(JSON.stringify({ productId: '', quantity: 1, at: now }), now)).toBeNull()
    expect(parsePendingAdd(JSON.stringify({ productId: 'p', quantity: 0, at: now }), now)).toBeNull()
    expect(parsePendingAdd('{not json', now)).toBeNull()
    expect(parsePendingAdd(null, now)).toBeNull()
  })
})
