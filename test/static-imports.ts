/**
 * Which npm packages a front end's module graph loads statically: the static imports the bundler follows
 * (`import type` is erased; `import()` starts a chunk of its own), walked from an entry through the
 * workspace packages. The remotes' tests use it to keep zod (about 25 KB gzipped) off their first render.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const workspacePackages: Record<string, string> = {
  '@medstore/contracts': 'packages/contracts',
  '@medstore/ui': 'packages/ui',
  '@medstore/web-client': 'packages/web-client',
}

/** Static value imports (and re-exports) of a module; a whole `import type` / `export type` is skipped. */
export function staticImports(source: string): string[] {
  const found: string[] = []
  const statement =
    /^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(statement)) {
    if (match[5]) found.push(match[5])
    else if (!match[2] && match[4]) found.push(match[4])
  }
  return found
}

function resolve(from: string, specifier: string): string | undefined {
  let base: string | undefined
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else {
    const name = Object.keys(workspacePackages).find((p) => specifier === p || specifier.startsWith(`${p}/`))
    if (!name) return undefined // react, styled-components, …: shared singletons, not ours to walk
    const rest = specifier.slice(name.length + 1)
    base = path.join(root, workspacePackages[name] as string, 'src', rest || 'index')
  }
  const file = [base, `${base}.ts`, `${base}.tsx`].find((f) => existsSync(f) && !f.endsWith(path.sep))
  return file && /\.tsx?$/.test(file) ? file : undefined
}

/** Every bare package a module graph imports statically, with one path that reaches it. */
export function packagesReached(start: string): Map<string, string[]> {
  const reached = new Map<string, string[]>()
  const seen = new Set<string>()
  const queue: [string, string[]][] = [[start, [path.relative(root, start)]]]
  while (queue.length > 0) {
    const [file, trail] = queue.shift() as [string, string[]]
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const next = resolve(file, specifier)
      if (next) queue.push([next, [...trail, path.relative(root, next)]])
      else if (!specifier.startsWith('.') && !reached.has(specifier)) reached.set(specifier, trail)
    }
  }
  return reached
}
