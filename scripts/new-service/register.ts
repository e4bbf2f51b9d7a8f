/**
 * A new service's rows in the files that list the services by hand: the list of services itself, the
 * routes of the API (their paths, the descriptors, the front ends' endpoints), and the gateway's tests (the
 * authorisation matrix's rows, the test shop that starts every service). Each edit is a line added at a
 * marked place; a file that no longer has its place fails with a message naming it, not with a
 * half-registered service.
 */
import type { ServiceNames } from './names'

export interface Edit {
  file: string
  edit: (text: string) => string
}

/** `text` with `line` inserted before the first line matching `before` after the first matching `after`. */
export function insertLine(
  file: string,
  text: string,
  line: string,
  at: { after: RegExp; before: RegExp },
): string {
  const lines = text.split('\n')
  const start = lines.findIndex((candidate) => at.after.test(candidate))
  const index = start === -1 ? -1 : lines.findIndex((candidate, i) => i > start && at.before.test(candidate))
  if (index === -1)
    throw new Error(
      `new:service: ${file} has no line ${at.before} after ${at.after}; add "${line.trim()}" by hand`,
    )
  lines.splice(index, 0, line)
  return lines.join('\n')
}

/** `text` with `line` inserted after the last line matching `last`. */
export function appendAfterLast(file: string, text: string, line: string, last: RegExp): string {
  const lines = text.split('\n')
  const index = lines.findLastIndex((candidate) => last.test(candidate))
  if (index === -1) throw new Error(`new:service: ${file} has no line ${last}; add "${line.trim()}" by hand`)
  lines.splice(index + 1, 0, line)
  return lines.join('\n')
}

export function registrationEdits({ name, port }: ServiceNames): Edit[] {
  return [
    {
      file: 'packages/contracts/src/services.ts',
      edit: (text) =>
        insertLine('services.ts', text, `  { name: '${name}', port: ${port}, paths: ['/${name}'] },`, {
          after: /^export const SERVICES = \[/,
          before: /^\] as const/,
        }),
    },
    {
      file: 'packages/contracts/src/routes.ts',
      edit: (text) =>
        insertLine(
          'routes.ts',
          appendAfterLast('routes.ts', text, `import { ${name}Routes } from './${name}'`, /^import /),
          `  ...${name}Routes,`,
          { after: /^export const API_ROUTES/, before: /^\]/ },
        ),
    },
    {
      // The method and path, written once, for the descriptor and the front ends' typed endpoints.
      file: 'packages/contracts/src/route-paths.ts',
      edit: (text) => `${text.trimEnd()}\n\nexport const ${name}Paths = {\n  addNote: post('/${name}'),\n}\n`,
    },
    {
      file: 'packages/contracts/src/endpoints.ts',
      edit: (text) => {
        const routes = appendAfterLast(
          'endpoints.ts',
          text,
          `import type { ${name}Api as ${name}Routes } from './${name}'`,
          /^import type \{ \w+Api as \w+Routes \} from/,
        )
        const paths = insertLine('endpoints.ts', routes, `  ${name}Paths,`, {
          after: /^import \{$/,
          before: /^\} from '\.\/route-paths'/,
        })
        return appendAfterLast(
          'endpoints.ts',
          paths,
          `export const ${name}Api = endpoints<typeof ${name}Routes>(${name}Paths)`,
          /^export const \w+Api = endpoints</,
        )
      },
    },
    {
      // The seam tests' consumers: every event the service consumes is in the contracts, in every version on
      // the bus, and the fields it reads count as read.
      file: 'test/seams/consumers.ts',
      edit: (text) =>
        insertLine(
          'consumers.ts',
          appendAfterLast(
            'consumers.ts',
            text,
            `import { ${name}EventHandlers } from '../../services/${name}/src/events/handlers.ts'`,
            /^import \{ \w+EventHandlers \} from '\.\.\/\.\.\/services\//,
          ),
          `  ${name}: ${name}EventHandlers,`,
          { after: /^export const consumers: /, before: /^\}/ },
        ),
    },
    {
      file: 'gateway/test/authorization-matrix.test.ts',
      edit: (text) =>
        insertLine('authorization-matrix.test.ts', text, `  'POST /${name}': 'user',`, {
          after: /^const MATRIX: /,
          before: /^\}/,
        }),
    },
    {
      file: 'gateway/test/support.ts',
      edit: (text) =>
        appendAfterLast(
          'support.ts',
          appendAfterLast(
            'support.ts',
            text,
            `import { ${name}Service } from '../../services/${name}/src/service'`,
            /^import \{ \w+Service \} from '\.\.\/\.\.\/services\//,
          ),
          `    start(${name}Service),`,
          /^\s+start\(\w+Service[,)]/,
        ),
    },
  ]
}

/** package-lock.json with the new workspace in it (as `npm install` would record it), so `npm ci` agrees. */
export function lockWithWorkspace(lockText: string, name: string, manifest: Record<string, unknown>): string {
  const lock = JSON.parse(lockText) as { packages: Record<string, unknown> }
  const added: Record<string, unknown> = {
    [`node_modules/@medstore/${name}`]: { resolved: `services/${name}`, link: true },
    [`services/${name}`]: {
      name: manifest.name,
      version: manifest.version,
      dependencies: manifest.dependencies,
    },
  }
  const keys = Object.keys(lock.packages)
  const packages: Record<string, unknown> = {}
  const pending = Object.entries(added).sort(([a], [b]) => a.localeCompare(b, 'en'))
  for (const key of keys) {
    while (pending.length > 0 && key !== '' && pending[0]![0].localeCompare(key, 'en') < 0) {
      const [newKey, value] = pending.shift()!
      packages[newKey] = value
    }
    packages[key] = lock.packages[key]
  }
  for (const [newKey, value] of pending) packages[newKey] = value
  return `${JSON.stringify({ ...lock, packages }, null, 2)}\n`
}
