/**
 * The share scope provides `react-router-dom` as the trimmed surface in
 * packages/mf-config/src/shared/react-router-dom.ts (see PROVIDED_BY_FILE there). A front end importing a
 * name outside it would get `undefined` at run time, and one importing `react-router` directly would get
 * a second router that cannot see the shell's. This test reads every front-end source file and fails on
 * either, naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '@medstore/mf-config/apps'
import { describe, expect, it } from 'vitest'

const SOURCE_DIRS = [
  'shell/src',
  'mfe-store/src',
  'mfe-checkout/src',
  'mfe-vendor/src',
  'packages/ui/src',
  'packages/web-client/src',
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))

function importsFrom(source: string, module: string): { names: string[]; other: boolean } {
  const names: string[] = []
  let other = false
  const quoted = module.replace(/[/-]/g, (c) => `\\${c}`)
  for (const match of source.matchAll(new RegExp(`import\\s+([^;'"]*?)\\s+from\\s+['"]${quoted}['"]`, 'g'))) {
    const clause = match[1] ?? ''
    const named = /^(type\s+)?\{([^}]*)\}$/.exec(clause.trim())
    if (!named) {
      other = true // default or namespace import: cannot be checked name by name
      continue
    }
    if (named[1]) continue // `import type { ... }`: erased, nothing at run time
    for (const part of (named[2] ?? '').split(',')) {
      const name = part.trim()
      if (!name || name.startsWith('type ')) continue
      names.push(name.split(/\s+as\s+/)[0] ?? name)
    }
  }
  return { names, other }
}

describe('the shared react-router-dom surface', () => {
  it('provides every name the front ends import', async () => {
    const surface = await import('../../packages/mf-config/src/shared/react-router-dom.ts')
    const provided = new Set(Object.keys(surface))
    expect(files.length).toBeGreaterThan(20)
    const missing: string[] = []
    const unchecked: string[] = []
    for (const file of files) {
      const { names, other } = importsFrom(readFileSync(file, 'utf8'), 'react-router-dom')
      for (const name of names)
        if (!provided.has(name)) missing.push(`${path.relative(repoRoot, file)}: ${name}`)
      if (other) unchecked.push(path.relative(repoRoot, file))
    }
    expect(missing, 'add these to packages/mf-config/src/shared/react-router-dom.ts').toEqual([])
    expect(unchecked, 'import names from react-router-dom, not a default or namespace').toEqual([])
  })

  it('no front end imports react-router directly (it would bypass the shared singleton)', () => {
    const direct = files.filter((file) =>
      /from\s+['"]react-router(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8')),
    )
    expect(direct.map((file) => path.relative(repoRoot, file))).toEqual([])
  })

  it('the check itself sees names, aliases and type-only imports', () => {
    const source = `import { Link, useParams as params, type To } from 'react-router-dom'
import type { Location } from 'react-router-dom'
import * as Router from 'react-router-dom'`
    expect(importsFrom(source, 'react-router-dom')).toEqual({ names: ['Link', 'useParams'], other: true })
  })
})
