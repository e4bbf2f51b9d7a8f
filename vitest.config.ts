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
    // Three files at a time on the 2-core CI machine: with two, vmstat showed 2–20 % of the CPU idle through
    // the run (a browser file waits on its browser, a service file on PostgreSQL); with three none is, and a
    // fresh clone's `.ci/run` took 653 s instead of 743 s (2 Dec, idle machine, the same commit otherwise).
    maxWorkers: 3,
    // Longest files first, across projects: no long browser journey left for the end (see the file).
    sequence: { sequencer: LongestFirstSequencer },
    // The run's summary, then its ten slowest tests and files (scripts/slowest-tests.ts); its failures for
    // `npm test` to print last (scripts/failed-tests.ts).
    reporters: ['default', './scripts/slowest-tests.ts', './scripts/failed-tests.ts'],
  },
})
