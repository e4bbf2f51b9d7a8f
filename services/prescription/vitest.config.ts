import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'prescription', include: ['test/**/*.test.ts'] } })
