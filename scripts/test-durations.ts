/**
 * `npm run test:durations`: copies the file durations of the last whole `npm test` run
 * (test-results/test-file-durations.json, written by the slowest-tests reporter) to test/file-durations.json,
 * the table the longest-first sequencer schedules by. Run it when test files were added or grew slow.
 */
import { copyFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { DURATIONS_FILE } from './longest-first-sequencer'
import { RUN_DURATIONS_FILE } from './slowest-tests'

if (!existsSync(RUN_DURATIONS_FILE)) {
  console.error(`test:durations: no ${path.relative(process.cwd(), RUN_DURATIONS_FILE)}; run npm test first`)
  process.exit(1)
}
copyFileSync(RUN_DURATIONS_FILE, DURATIONS_FILE)
console.log(`test:durations: wrote ${path.relative(process.cwd(), DURATIONS_FILE)}`)
