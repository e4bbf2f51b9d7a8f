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
 * Up-to-date check (cheap, mtimes only): every build writes `dist/.build-stamp.json` with its start
 * time and the list of source files rspack read. An app is rebuilt when the stamp is missing, the mode
 * differs, an output is missing, or any of these is newer than the stamp: the files in the list, the
 * app's rspack.config.ts and package.json, packages/mf-config/src/*, the root package-lock.json.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { repoRoot, type WebApp, type WebAppId, webApps } from '@medstore/mf-config/apps'
import { invokedDirectly } from './lib/invoked-directly.ts'

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
  /** Wall time of the (shared) rspack run, 0 when skipped. */
  ms: number
}

/** Same shape as BuildStamp in packages/mf-config (not imported: that module loads rspack). */
interface Stamp {
  startedAt: number
  mode: string
  files: string[]
}

const STAMP = '.build-stamp.json'
const rspackCli = path.join(repoRoot, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js')
const appsConfig = path.join(repoRoot, 'packages', 'mf-config', 'src', 'apps.rspack.config.ts')
const mfConfigSrc = path.join(repoRoot, 'packages', 'mf-config', 'src')

function mtime(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs
  } catch {
    return undefined
  }
}

/** The stamp of the build in `distDir` (an app's dist), if there is a well-formed one. */
export async function readStamp(distDir: string): Promise<Stamp | undefined> {
  try {
    const stamp = JSON.parse(await readFile(path.join(distDir, STAMP), 'utf8')) as Partial<Stamp>
    if (
      typeof stamp.startedAt !== 'number' ||
      typeof stamp.mode !== 'string' ||
      !Array.isArray(stamp.files)
    ) {
      return undefined
    }
    return stamp as Stamp
  } catch {
    return undefined
  }
}

function expectedOutputs(app: WebApp): string[] {
  const dist = path.join(app.dir, 'dist')
  const files = ['index.html', 'mf-manifest.json', ...(app.id === 'shell' ? [] : ['remoteEntry.js'])]
  return files.map((file) => path.join(dist, file))
}

/** Why the app must be rebuilt, or undefined when it is up to date. */
export async function staleReason(app: WebApp, mode: string): Promise<string | undefined> {
  const stamp = await readStamp(path.join(app.dir, 'dist'))
  if (!stamp) return 'never built'
  if (stamp.mode !== mode) return `built in ${stamp.mode} mode`
  const missing = expectedOutputs(app).find((file) => !existsSync(file))
  if (missing) return `${path.relative(repoRoot, missing)} is missing`
  const inputs = [
    ...stamp.files.map((file) => path.resolve(repoRoot, file)),
    path.join(app.dir, 'rspack.config.ts'),
    path.join(app.dir, 'package.json'),
    path.join(repoRoot, 'package-lock.json'),
    ...readdirSync(mfConfigSrc).map((file) => path.join(mfConfigSrc, file)),
  ]
  for (const input of inputs) {
    const time = mtime(input)
    if (time === undefined) return `${path.relative(repoRoot, input)} was removed`
    if (time > stamp.startedAt) return `${path.relative(repoRoot, input)} changed`
  }
  return undefined
}

/**
 * One `rspack build` (plain Node, not tsx: see apps.rspack.config.ts) compiling the given apps in
 * parallel. Resolves with its output; rejects with the output when rspack fails.
 */
function runRspack(apps: readonly WebApp[], mode: string, log: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // jiti on every Node: Node 24's own type stripping (rspack's `auto`) refuses TypeScript-only syntax.
      [rspackCli, 'build', '--config', appsConfig, '--config-loader', 'jiti'],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: mode, MEDSTORE_WEB_APPS: apps.map((app) => app.id).join(',') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
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
    const reason = options.force ? 'forced' : await staleReason(app, mode)
    if (reason) {
      stale.push(app)
      log(`[build-web] ${app.id}: ${reason}`)
    } else {
      results.push({ app: app.id, skipped: true, ms: 0 })
      log(`[build-web] ${app.id}: up to date`)
    }
  }
  if (stale.length === 0) return results

  const startedAt = Date.now()
  log(`[build-web] building ${stale.map((app) => app.id).join(', ')} (${mode})`)
  await runRspack(stale, mode, log)
  const ms = Date.now() - startedAt
  for (const app of stale) {
    if (!(await readStamp(path.join(app.dir, 'dist'))))
      throw new Error(`[build-web] ${app.id}: rspack finished but wrote no ${STAMP}`)
    results.push({ app: app.id, skipped: false, ms })
  }
  log(`[build-web] built ${stale.length} app(s) in ${ms} ms`)
  return results
}

if (invokedDirectly(import.meta.url)) {
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
