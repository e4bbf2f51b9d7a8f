/**
 * The order service's PIN directory (services/order/src/delivery/pin-directory.ts): what loading it costs a
 * fresh process (import, decode, heap kept) and how fast a lookup is. Run: `npx tsx bench/pin-directory.bench.ts`.
 * Each figure is the median of RUNS fresh processes (a warm process never decodes twice).
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'

const RUNS = 7
const MODULE = path.resolve(import.meta.dirname, '../services/order/src/delivery/pin-directory.ts')

const PROBE = `
const { performance } = require('node:perf_hooks')
globalThis.gc()
const before = process.memoryUsage().heapUsed
const t0 = performance.now()
import(${JSON.stringify(MODULE)}).then(({ pinDirectory }) => {
  const importMs = performance.now() - t0
  const t = performance.now()
  const directory = pinDirectory()
  const decodeMs = performance.now() - t
  globalThis.gc()
  const heapKb = (process.memoryUsage().heapUsed - before) / 1024
  const codes = Array.from({ length: 100000 }, (_, i) => String(110001 + ((i * 7919) % 744000)))
  const t1 = performance.now()
  let found = 0
  for (const code of codes) if (directory.find(code)) found++
  const lookupUs = ((performance.now() - t1) * 1000) / codes.length
  console.log(JSON.stringify({ size: directory.size, importMs, decodeMs, heapKb, lookupUs, found }))
})
`

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const runs = Array.from({ length: RUNS }, () =>
  JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '-e', PROBE], { encoding: 'utf8' }),
  ),
)
console.log(`PIN directory: ${runs[0].size} PIN codes (median of ${RUNS} fresh processes)`)
console.log(`  import (tsx: includes transpiling)  ${median(runs.map((r) => r.importMs)).toFixed(1)} ms`)
console.log(`  decode                              ${median(runs.map((r) => r.decodeMs)).toFixed(1)} ms`)
console.log(`  heap kept                           ${median(runs.map((r) => r.heapKb)).toFixed(0)} kB`)
console.log(`  lookup                              ${median(runs.map((r) => r.lookupUs)).toFixed(2)} µs`)
