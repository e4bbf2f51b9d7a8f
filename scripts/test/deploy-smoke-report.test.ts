import { describe, expect, it } from 'vitest'
import { formatMegabytes, formatSeconds, imageTable, stepTable, summary } from '../deploy-smoke/report'

describe('deploy:smoke report', () => {
  it('formats sizes in MB and times in seconds, minutes past one minute', () => {
    expect(formatMegabytes(292_400_000)).toBe('292 MB')
    expect(formatSeconds(2_345)).toBe('2.3 s')
    expect(formatSeconds(754_000)).toBe('12 min 34 s')
  })

  it('tables each image and each step, a missing figure as a dash, pipes escaped', () => {
    expect(imageTable([{ slice: 'order', bytes: 292_000_000, buildMs: 61_000 }, { slice: 'shell' }])).toBe(
      [
        '| image | size | build |',
        '| --- | ---: | ---: |',
        '| order | 292 MB | 1 min 1 s |',
        '| shell | – | – |',
      ].join('\n'),
    )
    const steps = stepTable([{ name: 'cart', ok: false, ms: 1_200, detail: '404 a|b' }])
    expect(steps.split('\n')[2]).toBe('| cart | FAILED | 1.2 s | 404 a\\|b |')
  })

  it('says what passed, failed and was not reached', () => {
    const steps = [
      { name: 'a', ok: true, ms: 1, detail: '' },
      { name: 'b', ok: false, ms: 1, detail: '' },
    ]
    expect(summary(steps, ['a', 'b', 'c'])).toBe('1 passed, 1 failed; not reached: c')
    expect(summary(steps.slice(0, 1), ['a'])).toBe('1 passed, 0 failed')
  })
})
