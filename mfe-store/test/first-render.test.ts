import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packagesReached, root, staticImports } from '../../test/static-imports.ts'

/**
 * The store's routes module is what the shell loads for the first render of `/`. zod (about 25 KB
 * gzipped) must not be part of it: the API client trusts the gateway, and the forms load the contracts'
 * schemas with `import()` when they are sent.
 */
const entry = path.join(root, 'mfe-store/src/routes.tsx')

describe("the store's first render", () => {
  it('reads static imports and skips type-only ones', () => {
    expect(
      staticImports(
        "import type { A } from './a'\nimport { b, type C } from './b'\nexport { d } from './d'\nimport './e.css'\nexport type { F } from './f'",
      ),
    ).toEqual(['./b', './d', './e.css'])
  })

  it('does not load zod (the forms load the schemas when they are sent)', () => {
    const reached = packagesReached(entry)
    expect(reached.has('react')).toBe(true) // the walk does reach packages
    expect(reached.get('zod'), 'zod reached through this chain').toBeUndefined()
  })
})
