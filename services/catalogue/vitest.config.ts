import { defineProject } from 'vitest/config'

// Timeouts set here: a project does not inherit the root config's. Start-up with the demo seed draws
// ~90 pictures, which takes far longer than vitest's 10 s default on a busy 2-core machine.
export default defineProject({
  test: { name: 'catalogue', include: ['test/**/*.test.ts'], hookTimeout: 120_000, testTimeout: 60_000 },
})
