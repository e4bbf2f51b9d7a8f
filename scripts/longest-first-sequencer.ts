/**
 * Runs the test files longest first, whatever their project (vitest's own order keeps each project's files
 * together and, on a fresh clone with no timing cache, puts the browser journeys last): with two workers a
 * long file started last is a long tail of one busy core. The expected durations are test/file-durations.json,
 * written from a whole run's figures (`npm run test:durations` after `npm test`); a file not listed there is
 * expected to take as long as the median listed file.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

export const DURATIONS_FILE = path.resolve(import.meta.dirname, '..', 'test', 'file-durations.json')

/** The name the slowest-tests reporter and the durations table give a file: `<project>: <path in it>`. */
export const fileKey = (project: string, relativePath: string) =>
  `${project}: ${relativePath.split(path.sep).join('/')}`

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}

/** `keys` ordered by expected duration, longest first; unknown ones expected at the median. Stable. */
export function longestFirst<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  durations: Record<string, number>,
): T[] {
  const known = Object.values(durations).sort((a, b) => a - b)
  const median = known.length > 0 ? (known[Math.floor(known.length / 2)] as number) : 0
  const expected = (item: T) => durations[keyOf(item)] ?? median
  return items
    .map((item, index) => ({ item, index, ms: expected(item) }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map(({ item }) => item)
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(
      files,
      (spec) => fileKey(spec.project.name, path.relative(spec.project.config.root, spec.moduleId)),
      readDurations(),
    )
  }
}
