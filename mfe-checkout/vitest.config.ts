import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

export default defineProject({
  root: path.dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'mfe-checkout',
    // *.test.tsx: components in happy-dom (set per file); *.test.ts: Node (the shop in Chromium).
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
})
