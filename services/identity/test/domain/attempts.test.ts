import { describe, expect, it } from 'vitest'
import { countAttempt, delayAfter, hasFailures, lockedForMs, retryMessage } from '../../src/domain/attempts'

const policy = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 60_000, forgetAfterMs: 3_600_000 }
const at = (ms: number) => new Date(1_700_000_000_000 + ms)

describe('growing delays', () => {
  it('counts failures from the first, remembering the latest', () => {
    const first = countAttempt(undefined, at(0), policy)
    expect(first).toEqual({ attempts: 1, windowStart: at(0), lastAttemptAt: at(0) })
    expect(countAttempt(first, at(30_000), policy)).toEqual({
      attempts: 2,
      windowStart: at(0),
      lastAttemptAt: at(30_000),
    })
  })

  it('forgets a count a while after its latest failure', () => {
    const old = { attempts: 9, windowStart: at(0), lastAttemptAt: at(1_000) }
    expect(countAttempt(old, at(3_601_000), policy)).toEqual({
      attempts: 1,
      windowStart: at(3_601_000),
      lastAttemptAt: at(3_601_000),
    })
    expect(hasFailures(old, at(3_600_999), policy)).toBe(true)
    expect(hasFailures(old, at(3_601_000), policy)).toBe(false)
  })

  it('lets the free failures through, then doubles the wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 60_000,
    ])
  })

  it('counts the wait from the latest failure, and never locks for good', () => {
    expect(lockedForMs(undefined, at(0), policy)).toBe(0)
    const five = { attempts: 5, windowStart: at(0), lastAttemptAt: at(10_000) }
    expect(lockedForMs(five, at(11_000), policy)).toBe(3_000)
    expect(lockedForMs(five, at(14_000), policy)).toBe(0)
    const many = { attempts: 500, windowStart: at(0), lastAttemptAt: at(10_000) }
    expect(lockedForMs(many, at(10_000), policy)).toBe(60_000)
  })

  it('says how long to wait in seconds or minutes, rounded up and never zero', () => {
    expect(retryMessage('Too many.', 0)).toBe('Too many. Please try again in 1 second.')
    expect(retryMessage('Too many.', 7_200)).toBe('Too many. Please try again in 8 seconds.')
    expect(retryMessage('Too many.', 14 * 60_000 + 1)).toBe('Too many. Please try again in 15 minutes.')
  })
})
