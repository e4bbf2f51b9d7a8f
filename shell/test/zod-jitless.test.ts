import { describe, expect, it } from 'vitest'

describe('zod-jitless', () => {
  it('turns on jitless in the config object zod itself reads', async () => {
    await import('../src/zod-jitless.ts')
    const { config } = await import('zod/v4/core')
    expect(config().jitless).toBe(true)
  })
})
