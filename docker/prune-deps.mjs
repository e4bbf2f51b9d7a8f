// Run by docker/Dockerfile's node-deps stage: `node prune-deps.mjs <app dir> <slice dir> <built file>...`.
// `npm install --omit=dev -w <slice>` installs the slice's production dependencies and its workspace packages'
// ones, so the gateway got pg, amqplib and Prisma through the service kit although its bundle never loads
// them. The bundle (scripts/build-service.ts) names every npm package it loads: its imports, and the
// packages it resolves at run time (the kit spawns `prisma/build/index.js` for migrations). This keeps those
// packages and what they depend on, and deletes every other top-level package.
// Two node_modules hold them: the app's, and the slice's own, where npm nests a version that differs from the
// root's (messaging's intl-messageformat 11 beside Lighthouse's 10). Packages are looked up as Node does from
// the bundle in <slice dir>/dist: the slice's node_modules first, then each enclosing one up to <app dir>.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const [appArg, sliceArg, ...builtFiles] = process.argv.slice(2)
if (!appArg || !sliceArg || builtFiles.length === 0) {
  console.error('usage: node prune-deps.mjs <app dir> <slice dir> <built .js file>...')
  process.exit(2)
}
const appDir = path.resolve(appArg)
const sliceDir = path.resolve(appDir, sliceArg)
const modulesDirs = [path.join(sliceDir, 'node_modules'), path.join(appDir, 'node_modules')]

/** `lodash/fp` -> `lodash`, `@scope/name/x` -> `@scope/name`; node: built-ins and relative paths -> undefined. */
function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:'))
    return undefined
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/**
 * Bare specifiers in a bundle: static and dynamic imports, require() and require.resolve(). esbuild renames a
 * module's own `const require = createRequire(...)` to require2, require3… when it bundles several.
 */
function loadedPackages(file) {
  const text = readFileSync(file, 'utf8')
  const names = new Set()
  const patterns = [
    /\bfrom\s*"([^"]+)"/g,
    /\bimport\s*\(\s*"([^"]+)"\s*\)/g,
    /\brequire\d*(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g,
  ]
  for (const pattern of patterns) {
    for (const [, specifier] of text.matchAll(pattern)) {
      const name = packageName(specifier)
      if (name) names.add(name)
    }
  }
  return names
}

function manifest(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
  } catch {
    return undefined
  }
}

/** Node's lookup from a directory: its own node_modules, then each enclosing one up to the app's. */
function resolveFrom(fromDir, name) {
  for (let dir = fromDir; dir.startsWith(appDir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    if (existsSync(candidate)) return candidate
  }
  return undefined
}

const keep = new Set()
const queue = builtFiles.flatMap((file) =>
  [...loadedPackages(file)].map((name) => resolveFrom(sliceDir, name)).filter(Boolean),
)
while (queue.length > 0) {
  const dir = queue.pop()
  if (keep.has(dir) || !existsSync(dir)) continue
  keep.add(dir)
  const pkg = manifest(dir) ?? {}
  // An optional peer (TypeScript for Prisma) is the user's choice, not a need.
  const peers = Object.keys(pkg.peerDependencies ?? {}).filter(
    (name) => !pkg.peerDependenciesMeta?.[name]?.optional,
  )
  const wanted = [...peers, ...Object.keys({ ...pkg.optionalDependencies, ...pkg.dependencies })]
  for (const name of wanted) {
    const found = resolveFrom(dir, name)
    if (found) queue.push(found)
  }
}

/** Top-level package directories of one node_modules: `name` or `@scope/name`. */
function topLevel(modulesDir) {
  if (!existsSync(modulesDir)) return []
  const dirs = []
  for (const entry of readdirSync(modulesDir)) {
    if (entry.startsWith('.')) continue
    const dir = path.join(modulesDir, entry)
    if (entry.startsWith('@')) for (const name of readdirSync(dir)) dirs.push(path.join(dir, name))
    else dirs.push(dir)
  }
  return dirs
}

const removed = modulesDirs.flatMap(topLevel).filter((dir) => !keep.has(dir))
for (const dir of removed) rmSync(dir, { recursive: true, force: true })
for (const modulesDir of modulesDirs.filter(existsSync)) {
  for (const entry of readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, entry)
    if (entry.startsWith('@') && readdirSync(dir).length === 0) rmSync(dir, { recursive: true })
  }
}
const names = removed.map((dir) => path.relative(appDir, dir))
console.log(`prune-deps: kept ${keep.size} packages, removed ${removed.length}: ${names.join(' ')}`)
