import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'review', include: ['test/**/*.test.ts'] } })
