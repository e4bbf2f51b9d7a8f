/**
 * The one shape every benchmark reports its figures in, and the one way they are printed: each bench
 * exports `run()` returning rows; run alone it prints them as a table, and under `npm run bench`
 * (bench/run-all.ts) it also writes them to the file named by BENCH_ROWS_FILE for the combined table.
 */
import { writeFileSync } from 'node:fs'

export interface BenchRow {
  figure: string
  value: number
  unit: string
  /** Human-readable target, e.g. "≥ 400"; absent for figures that only inform. */
  target?: string
  /** Whether the target is met; absent when there is no target. */
  met?: boolean
}

export type Bench = () => Promise<BenchRow[]>

/** A figure that should be at least `min`. */
export const atLeast = (figure: string, value: number, unit: string, min: number): BenchRow => ({
  figure,
  value,
  unit,
  target: `≥ ${min}`,
  met: value >= min,
})

/** A figure that should be at most `max`. */
export const atMost = (figure: string, value: number, unit: string, max: number): BenchRow => ({
  figure,
  value,
  unit,
  target: `≤ ${max}`,
  met: value <= max,
})

/** A figure with no target of its own (context for the others). */
export const info = (figure: string, value: number, unit: string): BenchRow => ({ figure, value, unit })

const round = (value: number) =>
  Number.isInteger(value) ? String(value) : Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2)

const metMark = (row: BenchRow) => (row.met === undefined ? '' : row.met ? 'yes' : '**no**')

/** Markdown table: figure | measured | target | met?  (rows may carry the bench they came from). */
export function formatTable(rows: (BenchRow & { bench?: string })[]): string {
  const lines = ['| figure | measured | target | met? |', '|---|---|---|---|']
  for (const row of rows) {
    const figure = row.bench ? `${row.bench}: ${row.figure}` : row.figure
    const measured = Number.isFinite(row.value) ? `${round(row.value)} ${row.unit}` : 'n/a'
    const target = row.target ? `${row.target} ${row.unit}` : ''
    lines.push(`| ${figure} | ${measured} | ${target} | ${metMark(row)} |`)
  }
  return lines.join('\n')
}

/**
 * Runs a bench as a script: prints its table, writes the rows to BENCH_ROWS_FILE when set, and exits
 * non-zero when the bench threw (a missed target is a figure, not a failure).
 */
export async function runAlone(name: string, bench: Bench): Promise<void> {
  try {
    const rows = await bench()
    console.log(`\n${name}\n${formatTable(rows)}`)
    if (process.env.BENCH_ROWS_FILE) writeFileSync(process.env.BENCH_ROWS_FILE, JSON.stringify(rows))
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  }
}
