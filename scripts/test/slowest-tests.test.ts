import { describe, expect, it } from 'vitest'
import { slowest, slowestBlock } from '../slowest-tests'

describe('the slowest tests report', () => {
  const timed = Array.from({ length: 14 }, (_, i) => ({ name: `t${i}`, ms: ((i * 3) % 14) * 1000 }))

  it('keeps the ten longest, longest first', () => {
    const top = slowest(timed)
    expect(top).toHaveLength(10)
    expect(top.map((t) => t.ms)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((s) => s * 1000))
    expect(slowest(timed.slice(0, 3))).toHaveLength(3)
  })

  it('writes seconds aligned before each name', () => {
    expect(
      slowestBlock('Slowest tests', [
        { name: 'a', ms: 1234 },
        { name: 'b', ms: 61_500 },
      ]),
    ).toBe('Slowest tests\n    61.5 s  b\n     1.2 s  a')
  })
})
