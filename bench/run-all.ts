/**
 * `npm run bench`: every benchmark under bench/, one after another, each in its own process (each starts
 * what it needs and cleans up), then ONE table of figure | measured | target | met?, with the machine it
 * ran on. Writes bench/results/latest.json and latest.md; each bench's own output goes to
 * bench/results/<bench>.log.
 *
 *   npm run bench                      full run (about 10 minutes on 2 cores)
 *   BENCH_QUICK=1 npm run bench        shorter runs and smaller data sets, for a quick look
 *   BENCH_ONLY=shopper-mix,web-size    only these (file names without .bench.ts)
 *   npm run bench -- --scale           the scale bench alone (bench/scale.bench.ts: the store at 10k, 100k
 *                                      and 1M, about half an hour; with BENCH_QUICK=1 10k and 100k)
 *
 * A bench that fails shows as a failed row; the run exits non-zero then, not when a target is missed.
 */
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describeMachine, machineLine } from './lib/machine'
import { type BenchRow, formatTable } from './lib/report'

const BENCH_DIR = import.meta.dirname
const RESULTS = path.join(BENCH_DIR, 'results')

interface Entry {
  /** File name under bench/ without .bench.ts. */
  id: string
  /** Settings for BENCH_QUICK=1 (anything already set in the environment wins). */
  quick: Record<string, string>
}

const BENCHES: Entry[] = [
  { id: 'web-size', quick: {} },
  { id: 'page-speed', quick: {} },
  { id: 'gateway-overhead', quick: { BENCH_SECONDS: '2', BENCH_ROUNDS: '3' } },
  { id: 'catalogue-search', quick: { BENCH_PRODUCTS: '10000', BENCH_LOAD_SECONDS: '3' } },
  { id: 'search-index-build', quick: { BENCH_PRODUCTS: '100000' } },
  { id: 'substitutes', quick: { BENCH_PRODUCTS: '10000', BENCH_LOAD_SECONDS: '4' } },
  { id: 'order-placement', quick: { BENCH_ORDERS: '300' } },
  { id: 'order-statistics', quick: { BENCH_ORDERS: '10000' } },
  { id: 'invoice-pdf', quick: { BENCH_REQUESTS: '10', BENCH_RENDERS: '10' } },
  { id: 'outbox-relay', quick: { BENCH_EVENTS: '5000' } },
  { id: 'process-cost', quick: { BENCH_VIEWS: '500', BENCH_ORDERS: '200' } },
  { id: 'event-consumers', quick: { BENCH_ORDERS: '500' } },
  { id: 'shopper-mix', quick: { BENCH_MIX_SECONDS: '15', BENCH_STEP_SECONDS: '8' } },
  { id: 'memory', quick: { BENCH_PRODUCTS: '10000', BENCH_MEMORY_SECONDS: '5' } },
]

/** Not in the default run (building a million-order store takes a quarter of an hour): `-- --scale`. */
const SCALE: Entry = { id: 'scale', quick: { BENCH_SCALES: '10000,100000' } }

interface Outcome {
  id: string
  seconds: number
  rows: BenchRow[]
  error?: string
}

function runBench(entry: Entry, quick: boolean): Promise<Outcome> {
  const rowsFile = path.join(RESULTS, `${entry.id}.rows.json`)
  rmSync(rowsFile, { force: true })
  const log = createWriteStream(path.join(RESULTS, `${entry.id}.log`))
  const started = Date.now()
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, `${entry.id}.bench.ts`)], {
    cwd: path.resolve(BENCH_DIR, '..'),
    env: { ...(quick ? entry.quick : {}), ...process.env, BENCH_ROWS_FILE: rowsFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log, { end: false })
  child.stderr.pipe(log, { end: false })
  return new Promise((resolve) => {
    child.once('close', (code) => {
      log.end()
      const seconds = (Date.now() - started) / 1000
      const rows = existsSync(rowsFile) ? (JSON.parse(readFileSync(rowsFile, 'utf8')) as BenchRow[]) : []
      rmSync(rowsFile, { force: true })
      const error = code === 0 ? undefined : `exited with code ${code}; see bench/results/${entry.id}.log`
      resolve({ id: entry.id, seconds, rows, error })
    })
  })
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true })
  const quick = process.env.BENCH_QUICK === '1'
  const only = process.env.BENCH_ONLY?.split(',').map((id) => id.trim())
  const chosen = process.argv.includes('--scale')
    ? [SCALE]
    : BENCHES.filter((entry) => !only || only.includes(entry.id))
  const machine = describeMachine()
  console.log(`machine: ${machineLine(machine)}${quick ? '  (BENCH_QUICK=1: short runs)' : ''}`)
  const outcomes: Outcome[] = []
  const started = Date.now()
  for (const entry of chosen) {
    process.stdout.write(`${entry.id} … `)
    const outcome = await runBench(entry, quick)
    outcomes.push(outcome)
    console.log(
      `${outcome.seconds.toFixed(0)} s, ${outcome.rows.length} figures${outcome.error ? `, FAILED (${outcome.error})` : ''}`,
    )
  }
  const rows = outcomes.flatMap((outcome) => [
    ...outcome.rows.map((row) => ({ bench: outcome.id, ...row })),
    ...(outcome.error ? [{ bench: outcome.id, figure: 'FAILED', value: Number.NaN, unit: '' }] : []),
  ])
  const table = formatTable(rows)
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  const met = rows.filter((row) => 'met' in row && row.met).length
  const withTarget = rows.filter((row) => 'met' in row && row.met !== undefined).length
  const summary = `${met} of ${withTarget} targets met; ${minutes} min${quick ? ' (BENCH_QUICK=1)' : ''}`
  console.log(`\n${table}\n\nmachine: ${machineLine(machine)}\n${summary}`)
  const when = new Date().toISOString()
  writeFileSync(
    path.join(RESULTS, 'latest.json'),
    `${JSON.stringify({ when, machine, quick, minutes: Number(minutes), benches: outcomes }, null, 2)}\n`,
  )
  writeFileSync(
    path.join(RESULTS, 'latest.md'),
    `${table}\n\nMeasured ${when} on ${machineLine(machine)}. ${summary}.\n`,
  )
  if (outcomes.some((outcome) => outcome.error)) process.exitCode = 1
}

await main()
