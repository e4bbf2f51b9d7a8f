import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'cart', include: ['test/**/*.test.ts'] } })
