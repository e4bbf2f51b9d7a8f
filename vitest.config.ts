import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import LongestFirstSequencer from './scripts/longest-first-sequencer.ts'

// Every package with a vitest.config.ts is a project. Project config files do not inherit the root's
// test options, so the ones every project needs are merged in here, once.
const shared = { hookTimeout: 120_000, testTimeout: 60_000 }
const projectDirs = ['packages', 'services'].flatMap((group) =>
  readdirSync(group).map((dir) => `${group}/${dir}`),
)
const projectRoots = [
  ...projectDirs,
  'gateway',
  'shell',
  'mfe-store',
  'mfe-checkout',
  'mfe-vendor',
  'scripts',
  'bench',
  'test/deploy',
  'test/seams',
  'test/browser',
  'test/journeys',
  'test/scaffold',
  // The fault drills run only in `npm run chaos` (CHAOS=1): each takes minutes.
  ...(process.env.CHAOS === '1' ? ['test/drills'] : []),
].filter((dir) => existsSync(`${dir}/vitest.config.ts`))

/** Projects with testing-library component tests get its patient wait (test/dom-setup.ts). */
const domRoots = new Set([
  'packages/ui',
  'packages/web-client',
  'shell',
  'mfe-store',
  'mfe-checkout',
  'mfe-vendor',
])
const domSetup = fileURLToPath(new URL('./test/dom-setup.ts', import.meta.url))

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    projects: projectRoots.map((root) => ({
      extends: `./${root}/vitest.config.ts`,
      root,
      test: domRoots.has(root) ? { ...shared, setupFiles: [domSetup] } : shared,
    })),
    // Two cores: more parallel files only contend for PostgreSQL, RabbitMQ and the CPU.
    maxWorkers: 2,
    // Longest files first, across projects: no long browser journey left for the end (see the file).
    sequence: { sequencer: LongestFirstSequencer },
    // The run's summary, then its ten slowest tests and files (scripts/slowest-tests.ts).
    reporters: ['default', './scripts/slowest-tests.ts'],
  },
})
