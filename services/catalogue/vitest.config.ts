import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'catalogue', include: ['test/**/*.test.ts'] } })
