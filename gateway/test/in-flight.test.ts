import { describe, expect, it } from 'vitest'
import { inFlightLimit, refusalReporter } from '../src/in-flight'

describe('inFlightLimit', () => {
  it('gives out up to max slots, then none until one is released', () => {
    const limit = inFlightLimit(2)
    const first = limit.take()
    expect(limit.take()).toBeDefined()
    expect(limit.take()).toBeUndefined()
    first?.()
    expect(limit.take()).toBeDefined()
    expect(limit.taken).toBe(2)
  })

  it('frees a slot once however often its release is called', () => {
    const limit = inFlightLimit(2)
    const release = limit.take()!
    limit.take()
    release()
    release()
    expect(limit.taken).toBe(1)
  })
})

describe('refusalReporter', () => {
  it('reports the first refusal, then at most once per interval with the count since the last report', () => {
    let clock = 0
    const reports: number[] = []
    const refused = refusalReporter(
      1_000,
      (n) => reports.push(n),
      () => clock,
    )
    refused()
    clock = 400
    refused()
    refused()
    expect(reports).toEqual([1])
    clock = 1_000
    refused()
    expect(reports).toEqual([1, 3])
  })
})
