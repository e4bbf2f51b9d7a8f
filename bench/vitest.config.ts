import { defineProject } from 'vitest/config'

// The benches' pure parts (fixtures, report formats); the benches themselves run with `npm run bench`.
export default defineProject({ test: { name: 'bench', include: ['test/**/*.test.ts'] } })
