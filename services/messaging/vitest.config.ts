import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'messaging', include: ['test/**/*.test.ts'] } })
