import { defineProject } from 'vitest/config'

// Fault drills (issue 12): minutes each on a shared 2-core machine, so only `npm run chaos` runs them
// (the root config lists this project only when CHAOS=1). One file at a time: each starts a whole shop.
export default defineProject({
  test: { name: 'drills', include: ['*.test.ts'], fileParallelism: false },
})
