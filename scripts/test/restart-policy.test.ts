import { describe, expect, it } from 'vitest'
import { afterUnexpectedExit, DEFAULT_RESTART_POLICY, type RestartPolicy } from '../infra/restart-policy'

const policy: RestartPolicy = {
  settledAfterMs: 60_000,
  maxStartFailures: 4,
  firstDelayMs: 1_000,
  maxDelayMs: 5_000,
}

describe('afterUnexpectedExit', () => {
  it('restarts a slice that had settled after the first delay, and forgets earlier failures', () => {
    expect(afterUnexpectedExit(3, 120_000, policy)).toEqual({
      restart: true,
      delayMs: 1_000,
      startFailures: 0,
    })
  })

  it('doubles the wait for each failure at start in a row, up to the limit', () => {
    const delays: number[] = []
    let failures = 0
    for (let i = 0; i < 3; i++) {
      const decision = afterUnexpectedExit(failures, 500, {
        ...policy,
        maxStartFailures: 10,
        maxDelayMs: 3_000,
      })
      if (!decision.restart) throw new Error('gave up too early')
      delays.push(decision.delayMs)
      failures = decision.startFailures
    }
    expect(delays).toEqual([1_000, 2_000, 3_000])
  })

  it('gives up when the slice keeps failing at start', () => {
    expect(afterUnexpectedExit(2, 10, policy)).toMatchObject({ restart: true, startFailures: 3 })
    expect(afterUnexpectedExit(3, 10, policy)).toEqual({ restart: false, startFailures: 4 })
  })

  it('counts a run as settled only after a minute by default (a service migrates its database first)', () => {
    expect(afterUnexpectedExit(4, 59_000)).toEqual({ restart: false, startFailures: 5 })
    expect(afterUnexpectedExit(4, DEFAULT_RESTART_POLICY.settledAfterMs)).toMatchObject({ restart: true })
  })
})
