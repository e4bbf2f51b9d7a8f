/**
 * A vitest reporter that prints, after the run's own summary, its ten slowest tests and ten slowest test
 * files: where CI's time goes, on every run, so a test that grows slow is seen when it lands (issue 31).
 * It also writes the failed tests, each with its error's first line, to FAILED_TESTS_FILE, which `npm test`
 * prints last: CI keeps only the end of a run's output, and a failure hundreds of lines up was lost there.
 * Added beside the default reporter in the root vitest.config.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
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

/** The failed tests of the last run, a line each; absent when none failed. */
export const FAILED_TESTS_FILE = path.resolve(import.meta.dirname, '..', 'test-results', 'failed-tests.txt')

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

export type Failure = { name: string; errors: ReadonlyArray<{ message?: string }> }

/** One line per failure: its name, then its first error's first line (where the reason usually is). */
export function failureLines(failures: readonly Failure[]): string[] {
  return failures.map(({ name, errors }) => {
    const reason = (errors[0]?.message ?? '').split('\n')[0]!.trim().slice(0, 300)
    return reason ? `${name}: ${reason}` : name
  })
}

export default class SlowestTests implements Reporter {
  onInit(): void {
    rmSync(FAILED_TESTS_FILE, { force: true })
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files: Timed[] = []
    const tests: Timed[] = []
    const failures: Failure[] = []
    for (const module of testModules) {
      const file = `${module.project.name}: ${module.relativeModuleId}`
      files.push({ name: file, ms: module.diagnostic().duration })
      if (module.errors().length > 0) failures.push({ name: file, errors: module.errors() })
      // A hook that failed (beforeAll) fails its suite, not a test: vitest lists it under "Failed Suites".
      for (const suite of module.children.allSuites())
        if (suite.state() === 'failed' && suite.errors().length > 0)
          failures.push({ name: `${file} › ${suite.fullName}`, errors: suite.errors() })
      for (const test of module.children.allTests()) {
        tests.push({ name: `${file} › ${test.fullName}`, ms: test.diagnostic()?.duration ?? 0 })
        const result = test.result()
        if (result.state === 'failed')
          failures.push({ name: `${file} › ${test.fullName}`, errors: result.errors })
      }
    }
    if (failures.length > 0) {
      mkdirSync(path.dirname(FAILED_TESTS_FILE), { recursive: true })
      writeFileSync(FAILED_TESTS_FILE, `${failureLines(failures).join('\n')}\n`)
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
