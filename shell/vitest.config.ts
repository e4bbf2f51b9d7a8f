import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

export default defineProject({
  // Explicit, so `vitest run --config shell/vitest.config.ts` from the repo root finds shell/test too.
  root: path.dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'shell',
    // *.test.ts: Node (builds, HTTP, Chromium); *.test.tsx: components in happy-dom (set per file).
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    // The first run builds all four front ends (a few seconds on 2 cores); later runs reuse dist/.
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
})
