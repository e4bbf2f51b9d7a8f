import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

/** The whole product in Chromium, first visit to delivered order (issue 17). One file: one shop, one browser. */
export default defineProject({
  root: path.dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'test/journeys',
    include: ['*.test.ts'],
    environment: 'node',
    // Timeouts are set per test in the file: the root config's shared ones replace any set here.
  },
})
