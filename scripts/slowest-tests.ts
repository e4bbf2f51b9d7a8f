/**
 * A vitest reporter that prints, after the run's own summary, its ten slowest tests and ten slowest test
 * files: where CI's time goes, on every run, so a test that grows slow is seen when it lands (issue 31).
 * Added beside the default reporter in the root vitest.config.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/** Every file's duration of a whole run (a run of at least MIN_FILES_FOR_TABLE files), by `<project>: <path>`. */
export const RUN_DURATIONS_FILE = path.resolve(
  import.meta.dirname,
  '..',
  'test-results',
  'test-file-durations.json',
)
const MIN_FILES_FOR_TABLE = 100

export type Timed = { name: string; ms: number }

const SHOWN = 10

/** The `count` longest, longest first (ties keep their order). */
export function slowest(items: readonly Timed[], count = SHOWN): Timed[] {
  return [...items].sort((a, b) => b.ms - a.ms).slice(0, count)
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8)

/** One titled block of lines, '  <seconds>  <name>', for the terminal. */
export function slowestBlock(title: string, items: readonly Timed[]): string {
  return [title, ...slowest(items).map(({ name, ms }) => `  ${seconds(ms)}  ${name}`)].join('\n')
}

export default class SlowestTests implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files: Timed[] = []
    const tests: Timed[] = []
    for (const module of testModules) {
      const file = `${module.project.name}: ${module.relativeModuleId}`
      files.push({ name: file, ms: module.diagnostic().duration })
      for (const test of module.children.allTests())
        tests.push({ name: `${file} › ${test.fullName}`, ms: test.diagnostic()?.duration ?? 0 })
    }
    if (tests.length === 0) return
    if (files.length >= MIN_FILES_FOR_TABLE) {
      mkdirSync(path.dirname(RUN_DURATIONS_FILE), { recursive: true })
      const table = Object.fromEntries(
        [...files].sort((a, b) => a.name.localeCompare(b.name)).map(({ name, ms }) => [name, Math.round(ms)]),
      )
      writeFileSync(RUN_DURATIONS_FILE, `${JSON.stringify(table, null, 2)}\n`)
    }
    process.stdout.write(
      `\n${slowestBlock('Slowest tests', tests)}\n\n${slowestBlock('Slowest test files', files)}\n\n`,
    )
  }
}
