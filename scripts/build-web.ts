/**
 * Production builds of the four front ends (shell, mfe-store, mfe-checkout, mfe-vendor).
 *
 *   npm run build:web                      # builds what changed
 *   tsx scripts/build-web.ts --force       # rebuild everything
 *   tsx scripts/build-web.ts mfe-store     # only some apps
 *   import { buildWeb } from './build-web.ts'   # the start orchestrator and the tests
 *
 * Each app's own rspack.config.ts (one factory in packages/mf-config) is used, so this builds exactly
 * what `npm run build -w <app>` builds. Stale apps are compiled together by one `rspack build` child
 * process (a MultiCompiler: parallel, faster than one CLI per app on 2 cores). It is a child process
 * on purpose: see packages/mf-config/src/apps.rspack.config.ts.
 *
 * Up-to-date check: after a successful build, `dist/.build-stamp.json` records when the build started.
 * An app is rebuilt when any input is newer: its src/, rspack.config.ts, package.json, tsconfig.json,
 * the src/ and package.json of every @medstore/* workspace package it depends on (its contract types,
 * packages/mf-config, ...), and the root package-lock.json (dependency versions). The build mode must
 * match too.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { repoRoot, type WebApp, type WebAppId, webApps } from '@medstore/mf-config/apps'

export interface BuildWebOptions {
  /** Which apps (default all four). */
  apps?: readonly WebAppId[]
  /** Rebuild even when the stamp says the app is up to date. */
  force?: boolean
  /** Progress lines (default console.log); pass `() => {}` to silence. */
  log?: (line: string) => void
}

export interface BuildWebResult {
  app: WebAppId
  /** True when the app was up to date and not rebuilt. */
  skipped: boolean
  /** Wall time of the (shared) compilation, 0 when skipped. */
  ms: number
}

const STAMP = '.build-stamp.json'

interface Stamp {
  startedAt: number
  mode: string
}

/** Newest mtime (ms) of the files under `target` (a file or a directory), skipping dist and node_modules. */
function newestMtime(target: string): number {
  let info: ReturnType<typeof statSync>
  try {
    info = statSync(target)
  } catch {
    return 0
  }
  if (!info.isDirectory()) return Number(info.mtimeMs)
  let newest = Number(info.mtimeMs) // a deleted file shows up as a newer directory mtime
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)))
  }
  return newest
}

function workspaceDependencies(appDir: string, seen = new Set<string>()): string[] {
  let pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
  try {
    pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'))
  } catch {
    return []
  }
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) =>
    name.startsWith('@medstore/'),
  )
  const dirs: string[] = []
  for (const name of names) {
    const link = path.join(repoRoot, 'node_modules', name)
    if (!existsSync(link)) continue
    const dir = realpathSync(link)
    if (seen.has(dir)) continue
    seen.add(dir)
    dirs.push(dir, ...workspaceDependencies(dir, seen))
  }
  return dirs
}

/** Newest input mtime of an app (see the header comment for what counts as an input). */
export function appInputsMtime(app: WebApp): number {
  const inputs = [
    path.join(app.dir, 'src'),
    path.join(app.dir, 'rspack.config.ts'),
    path.join(app.dir, 'package.json'),
    path.join(app.dir, 'tsconfig.json'),
    path.join(repoRoot, 'package-lock.json'),
    ...workspaceDependencies(app.dir).flatMap((dir) => [
      path.join(dir, 'src'),
      path.join(dir, 'package.json'),
    ]),
  ]
  return Math.max(...inputs.map(newestMtime))
}

async function readStamp(app: WebApp): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await readFile(path.join(app.dir, 'dist', STAMP), 'utf8')) as Stamp
  } catch {
    return undefined
  }
}

function expectedOutputs(app: WebApp): string[] {
  const dist = path.join(app.dir, 'dist')
  const files = [path.join(dist, 'index.html'), path.join(dist, 'mf-manifest.json')]
  if (app.id !== 'shell') files.push(path.join(dist, 'remoteEntry.js'))
  return files
}

async function isUpToDate(app: WebApp, mode: string): Promise<boolean> {
  const stamp = await readStamp(app)
  if (!stamp || stamp.mode !== mode) return false
  if (!expectedOutputs(app).every((file) => existsSync(file))) return false
  return appInputsMtime(app) <= stamp.startedAt
}

const rspackCli = path.join(repoRoot, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js')
const appsConfig = path.join(repoRoot, 'packages', 'mf-config', 'src', 'apps.rspack.config.ts')

/**
 * One `rspack build` (plain Node, not tsx: see apps.rspack.config.ts) compiling the given apps in
 * parallel. Resolves with its output; rejects with the output when rspack fails.
 */
function runRspack(apps: readonly WebApp[], mode: string, log: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [rspackCli, 'build', '--config', appsConfig], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: mode, MEDSTORE_WEB_APPS: apps.map((app) => app.id).join(',') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) {
        for (const line of output.split('\n')) {
          if (/compiled/.test(line)) log(`[build-web] ${line.trim()}`)
        }
        resolve(output)
      } else {
        reject(new Error(`[build-web] rspack failed (${signal ?? `exit ${code}`}):\n${output.trim()}`))
      }
    })
  })
}

export async function buildWeb(options: BuildWebOptions = {}): Promise<BuildWebResult[]> {
  const log = options.log ?? ((line: string) => console.log(line))
  const wanted = options.apps ? webApps.filter((app) => options.apps?.includes(app.id)) : [...webApps]
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production'

  const stale: WebApp[] = []
  const results: BuildWebResult[] = []
  for (const app of wanted) {
    if (!options.force && (await isUpToDate(app, mode))) {
      results.push({ app: app.id, skipped: true, ms: 0 })
      log(`[build-web] ${app.id}: up to date`)
    } else {
      stale.push(app)
    }
  }
  if (stale.length === 0) return results

  const startedAt = Date.now()
  log(`[build-web] building ${stale.map((app) => app.id).join(', ')} (${mode})`)
  await runRspack(stale, mode, log)
  const ms = Date.now() - startedAt
  for (const app of stale) {
    const stamp: Stamp = { startedAt, mode }
    await writeFile(path.join(app.dir, 'dist', STAMP), `${JSON.stringify(stamp)}\n`)
    results.push({ app: app.id, skipped: false, ms })
  }
  log(`[build-web] built ${stale.length} app(s) in ${ms} ms`)
  return results
}

function invokedDirectly(): boolean {
  try {
    return !!process.argv[1] && realpathSync(path.resolve(process.argv[1])) === fileURLToPath(import.meta.url)
  } catch {
    return false
  }
}

if (invokedDirectly()) {
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const apps = args.filter((arg) => !arg.startsWith('--'))
  const unknown = apps.filter((id) => !webApps.some((app) => app.id === id))
  if (unknown.length > 0) {
    console.error(
      `build-web: unknown app(s) ${unknown.join(', ')}; expected ${webApps.map((a) => a.id).join(', ')}`,
    )
    process.exit(2)
  }
  buildWeb({ force, ...(apps.length > 0 ? { apps: apps as WebAppId[] } : {}) }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
