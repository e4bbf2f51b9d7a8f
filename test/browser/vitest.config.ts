import { defineProject } from 'vitest/config'

/** The browser-test harness's own tests (what every browser test relies on to be able to fail). */
export default defineProject({ test: { name: 'test/browser', include: ['*.test.ts'], environment: 'node' } })
