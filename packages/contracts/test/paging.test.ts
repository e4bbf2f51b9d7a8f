import { describe, expect, it } from 'vitest'
import { LIST_LIMIT_MAX, pageOf } from '../src/api'

describe('pageOf: every list is bounded', () => {
  it('answers the first page of the most a page holds when neither page nor limit is given', () => {
    expect(LIST_LIMIT_MAX).toBe(100)
    expect(pageOf({}, 15)).toEqual({ page: 1, limit: 100, skip: 0, take: 100 })
  })

  it('uses the list’s own page size when only page is given, and honours limit', () => {
    expect(pageOf({ page: 3 }, 15)).toEqual({ page: 3, limit: 15, skip: 30, take: 15 })
    expect(pageOf({ limit: 5 }, 15)).toEqual({ page: 1, limit: 5, skip: 0, take: 5 })
  })

  it('never takes more than 100, even when a caller’s schema would allow it', () => {
    expect(pageOf({ limit: 5000 }, 15).take).toBe(100)
  })
})
