import { describe, expect, it } from 'vitest'
import { fileKey, longestFirst } from '../longest-first-sequencer'

describe('longest first', () => {
  const durations = { 'a: x.test.ts': 5_000, 'b: y.test.ts': 300_000, 'c: z.test.ts': 1_000 }
  const key = (file: { project: string; path: string }) => fileKey(file.project, file.path)

  it('orders by the expected duration, across projects, whatever order they came in', () => {
    const files = [
      { project: 'a', path: 'x.test.ts' },
      { project: 'c', path: 'z.test.ts' },
      { project: 'b', path: 'y.test.ts' },
    ]
    expect(longestFirst(files, key, durations).map((f) => f.project)).toEqual(['b', 'a', 'c'])
  })

  it('expects an unlisted file to take the median, and keeps ties in their order', () => {
    const files = [
      { project: 'c', path: 'z.test.ts' },
      { project: 'new', path: 'one.test.ts' },
      { project: 'new', path: 'two.test.ts' },
      { project: 'b', path: 'y.test.ts' },
    ]
    expect(longestFirst(files, key, durations).map(key)).toEqual([
      'b: y.test.ts',
      'new: one.test.ts',
      'new: two.test.ts',
      'c: z.test.ts',
    ])
  })

  it('keeps the order it was given with no table', () => {
    const files = [
      { project: 'c', path: 'z.test.ts' },
      { project: 'a', path: 'x.test.ts' },
    ]
    expect(longestFirst(files, key, {})).toEqual(files)
  })
})
