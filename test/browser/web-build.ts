/**
 * Builds the four front ends once for every browser test file of a run. Test files run in parallel
 * workers and rspack writes into each app's dist/, so concurrent builds are serialised with a lock
 * directory (mkdir is atomic); the second caller then finds the apps up to date and skips them.
 */
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { repoRoot } from '@medstore/mf-config/apps'
import { buildWeb } from '../../scripts/build-web.ts'

const LOCK = path.join(repoRoot, 'node_modules', '.cache', 'medstore-web-build.lock')
/** A lock older than this was left by a killed run. */
const STALE_MS = 5 * 60_000

async function acquire(): Promise<void> {
  await mkdir(path.dirname(LOCK), { recursive: true })
  for (;;) {
    try {
      await mkdir(LOCK)
      return
    } catch {
      const age = await stat(LOCK).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      )
      if (age > STALE_MS) await rm(LOCK, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

export async function ensureWebBuilt(): Promise<void> {
  await acquire()
  try {
    await buildWeb({ log: () => {} })
  } finally {
    await rm(LOCK, { recursive: true, force: true })
  }
}
