import { describe, expect, it } from 'vitest'
import { countAttempt, lockedForMs, retryMessage } from '../../src/domain/attempts'

const policy = { maxAttempts: 3, windowMs: 60_000 }
const at = (ms: number) => new Date(1_700_000_000_000 + ms)

describe('per-account attempt windows', () => {
  it('opens a window at the first attempt and counts within it', () => {
    const first = countAttempt(undefined, at(0), policy)
    expect(first).toEqual({ attempts: 1, windowStart: at(0) })
    expect(countAttempt(first, at(30_000), policy)).toEqual({ attempts: 2, windowStart: at(0) })
  })

  it('starts a new window once the old one has passed', () => {
    const old = { attempts: 9, windowStart: at(0) }
    expect(countAttempt(old, at(60_000), policy)).toEqual({ attempts: 1, windowStart: at(60_000) })
  })

  it('locks only when the limit is reached, until the window ends', () => {
    expect(lockedForMs(undefined, at(0), policy)).toBe(0)
    expect(lockedForMs({ attempts: 2, windowStart: at(0) }, at(10_000), policy)).toBe(0)
    expect(lockedForMs({ attempts: 3, windowStart: at(0) }, at(10_000), policy)).toBe(50_000)
    expect(lockedForMs({ attempts: 3, windowStart: at(0) }, at(60_000), policy)).toBe(0)
  })

  it('says how long to wait in whole minutes, rounded up and never zero', () => {
    expect(retryMessage('Too many.', 50_000)).toBe('Too many. Please try again in 1 minute.')
    expect(retryMessage('Too many.', 14 * 60_000 + 1)).toBe('Too many. Please try again in 15 minutes.')
    expect(retryMessage('Too many.', 0)).toBe('Too many. Please try again in 1 minute.')
  })
})
