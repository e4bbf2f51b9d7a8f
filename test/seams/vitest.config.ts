import { defineProject } from 'vitest/config'

/**
 * Tests across slices (a seam checked against the slices on both sides of it): they import several
 * services, so they live here rather than in a package, which stays testable alone.
 */
export default defineProject({ test: { name: 'seams', include: ['**/*.test.ts'] } })
