/**
 * A vitest reporter that writes the run's failures, each with its error's first line, to FAILED_TESTS_FILE,
 * which `npm test` (scripts/test-everything.ts) clears before the run and prints last: CI keeps only the end
 * of a run's output, and a failure printed hundreds of lines up was lost there. A failure is a failed test,
 * a suite whose hook failed (vitest's "Failed Suites"), or a file that could not run.
 * Added beside the default reporter in the root vitest.config.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/** The failures of the last `npm test`, a line each; absent when none failed. */
export const FAILED_TESTS_FILE = path.resolve(import.meta.dirname, '..', 'test-results', 'failed-tests.txt')

export type Failure = { name: string; errors: ReadonlyArray<{ message?: string }> }

/** One line per failure: its name, then its first error's first line (where the reason usually is). */
export function failureLines(failures: readonly Failure[]): string[] {
  return failures.map(({ name, errors }) => {
    const reason = (errors[0]?.message ?? '').split('\n')[0]!.trim().slice(0, 300)
    return reason ? `${name}: ${reason}` : name
  })
}

export default class FailedTests implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const failures: Failure[] = []
    for (const module of testModules) {
      const file = `${module.project.name}: ${module.relativeModuleId}`
      if (module.errors().length > 0) failures.push({ name: file, errors: module.errors() })
      for (const suite of module.children.allSuites())
        if (suite.state() === 'failed' && suite.errors().length > 0)
          failures.push({ name: `${file} › ${suite.fullName}`, errors: suite.errors() })
      for (const test of module.children.allTests()) {
        const result = test.result()
        if (result.state === 'failed')
          failures.push({ name: `${file} › ${test.fullName}`, errors: result.errors })
      }
    }
    if (failures.length === 0) return
    mkdirSync(path.dirname(FAILED_TESTS_FILE), { recursive: true })
    writeFileSync(FAILED_TESTS_FILE, `${failureLines(failures).join('\n')}\n`)
  }
}
