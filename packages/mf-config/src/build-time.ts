/**
 * Runs a TSX module at build time, in a child Node process, and returns what it printed: the rspack CLI
 * loads a config with jiti, which does not run TSX, and the bundle resolves styled-components' and
 * React's module forms the way a browser bundle does. Used for the shell's first paint and the remotes'
 * page paints.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildSync } from 'esbuild'

/** A module's absolute path, or source code whose imports resolve from `resolveDir`. */
export type BuildTimeEntry = string | { contents: string; resolveDir: string }

/**
 * `entry`: the module to run. Returns its standard output and every source file its
 * bundle read (absolute paths): a build that uses the output depends on them.
 */
export function runAtBuildTime(entry: BuildTimeEntry): { output: string; inputs: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'medstore-build-time-'))
  try {
    const outfile = path.join(dir, 'run.cjs')
    const { metafile } = buildSync({
      ...(typeof entry === 'string'
        ? { entryPoints: [entry] }
        : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: 'tsx' as const } }),
      metafile: true,
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      // styled-components' CommonJS build exports no callable default under esbuild's interop.
      mainFields: ['module', 'main'],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    })
    const output = execFileSync(process.execPath, [outfile], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    // esbuild names inputs relative to its working directory.
    const inputs = Object.keys(metafile.inputs)
      .filter((input) => input !== '<stdin>')
      .map((input) => path.resolve(input))
    return { output, inputs }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
