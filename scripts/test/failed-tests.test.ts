import { describe, expect, it } from 'vitest'
import { failureLines } from '../failed-tests'

describe('the failed tests report', () => {
  it('names each failure with the first line of its first error', () => {
    expect(
      failureLines([
        {
          name: 'api: a.test.ts › adds',
          errors: [{ message: 'expected 2 to be 3\n  at x' }, { message: 'later' }],
        },
        { name: 'api: b.test.ts', errors: [] },
      ]),
    ).toEqual(['api: a.test.ts › adds: expected 2 to be 3', 'api: b.test.ts'])
  })
})
