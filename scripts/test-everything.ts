/**
 * `npm test`: typecheck, lint and every test, with the checks beside the tests rather than before them.
 * tsc is single-threaded (about 40 s of one core) and lint takes seconds; run first, they left the second
 * core idle while the suite, which keeps both busy, waited. Their output is held back and printed after
 * the suite's, under a heading; the command fails when any of the three does. Arguments go to vitest
 * (`npm test -- --project contracts`).
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { FAILED_TESTS_FILE } from './failed-tests'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)

interface Outcome {
  name: string
  status: number
  output: string
  seconds: number
}

/** A command with its output captured (the checks) or shown as it comes (the suite). */
function run(name: string, command: string, args: string[], capture: boolean): Promise<Outcome> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk
    })
    const done = (status: number) => resolve({ name, status, output, seconds: (Date.now() - started) / 1000 })
    child.on('error', (error) => {
      output += `${error.message}\n`
      done(1)
    })
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)))
  })
}

/** Typecheck, then lint (lint is cheap: no reason to give it a core of its own). */
async function checks(): Promise<Outcome[]> {
  const typecheck = await run('typecheck (tsc -p tsconfig.json)', bin('tsc'), ['-p', 'tsconfig.json'], true)
  const lint = await run('lint (biome check)', bin('biome'), ['check', '--error-on-warnings', '.'], true)
  return [typecheck, lint]
}

// A run that fails before its reporter starts must not print an earlier run's failures.
rmSync(FAILED_TESTS_FILE, { force: true })
const [checked, suite] = await Promise.all([
  checks(),
  run('tests (vitest run)', bin('vitest'), ['run', ...process.argv.slice(2)], false),
])
const outcomes = [...checked, suite]
for (const outcome of checked) {
  console.log(
    `\n── ${outcome.name}: ${outcome.status === 0 ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(0)} s`,
  )
  if (outcome.status !== 0 || outcome.output.trim() !== '') console.log(outcome.output.trimEnd())
}
console.log('')
for (const outcome of outcomes)
  console.log(
    `${outcome.status === 0 ? 'passed' : 'FAILED'}  ${outcome.name}  ${outcome.seconds.toFixed(0)} s`,
  )
// Last, so that they are in any tail of the output (CI shows only its end).
if (suite.status !== 0 && existsSync(FAILED_TESTS_FILE))
  console.log(`\nFailed tests:\n${readFileSync(FAILED_TESTS_FILE, 'utf8').trimEnd()}`)
process.exit(outcomes.some((outcome) => outcome.status !== 0) ? 1 : 0)
