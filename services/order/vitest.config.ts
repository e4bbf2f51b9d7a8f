import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'order', include: ['test/**/*.test.ts'] } })
