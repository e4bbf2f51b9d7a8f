import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'scaffold', include: ['**/*.test.ts'] } })
