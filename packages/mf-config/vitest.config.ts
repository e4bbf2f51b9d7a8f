import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'mf-config', include: ['test/**/*.test.{ts,tsx}'] } })
