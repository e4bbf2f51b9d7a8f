/**
 * Production build of one Node slice (a service or the gateway) into plain JavaScript: the one way every
 * Node image is built (see docker/Dockerfile).
 *
 *   npm run build -w services/order          # from a workspace's `build` script
 *   tsx scripts/build-service.ts gateway     # or by path from the repository root
 *   tsx scripts/build-service.ts services/order --stage /out   # also lay out what the image copies
 *   node services/order/dist/main.js         # what the image runs (`npm run start:prod -w services/order`)
 *
 * Output in <slice>/dist:
 * - main.js: src/main.ts bundled by esbuild with our workspace packages (@medstore/*, TypeScript source)
 *   and the generated Prisma client inlined. npm packages stay external: they are installed from the lock
 *   file as production dependencies (`npm ci --omit=dev -w <slice>`), native ones (sharp, argon2) included.
 * - <name>.worker.js for each <name>.worker.ts under src/: a program the slice runs as a child process.
 * - prisma.config.mjs (services with prisma/): the service's prisma.config.ts compiled, for
 *   `prisma migrate deploy`. The image puts it beside prisma/ in place of the .ts, so the CLI loads
 *   JavaScript and its `import.meta.dirname` is the service directory, as in development.
 *
 * --stage <dir> then copies what the image needs into <dir>/<slice>: dist/, prisma/ and prisma.config.mjs
 * (no TypeScript at all). docker/Dockerfile runs it; test/deploy/node-build.test.ts starts the staged copy.
 *
 * Run `npm run generate` first (the Prisma clients are generated, not committed); this script says so
 * when a client is missing.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { type BuildOptions, build, type Plugin } from 'esbuild'
import { invokedDirectly } from './lib/invoked-directly.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')

/** Workspace packages are TypeScript source with no build of their own, so they are bundled. */
const WORKSPACE_SCOPE = '@medstore/'

/**
 * Every bare import but ours stays an import of an installed package. Marked free of side effects, so an
 * import whose bindings the bundle no longer uses is dropped: the gateway's bundle tree-shakes the service
 * kit's bus and Prisma code away, and without this still imported amqplib, pg and @prisma/adapter-pg at
 * start, which its image therefore had to carry (docker/prune-deps.mjs). No source of ours imports an npm
 * package for its side effects alone.
 */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith(WORKSPACE_SCOPE) || path.isAbsolute(args.path)) return undefined
      return { path: args.path, external: true, sideEffects: false }
    })
  },
}

export interface BuiltSlice {
  dir: string
  outputs: string[]
}

export async function buildService(sliceDir: string): Promise<BuiltSlice> {
  const dir = path.resolve(repoRoot, sliceDir)
  const entry = path.join(dir, 'src', 'main.ts')
  if (!existsSync(entry)) throw new Error(`build-service: ${entry} does not exist (not a Node slice)`)
  const hasPrisma = existsSync(path.join(dir, 'prisma', 'schema.prisma'))
  if (hasPrisma && !existsSync(path.join(dir, 'src', 'generated', 'prisma'))) {
    throw new Error(`build-service: ${sliceDir} has no generated Prisma client; run \`npm run generate\``)
  }

  const outdir = path.join(dir, 'dist')
  rmSync(outdir, { recursive: true, force: true })
  const shared: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    sourcemap: 'linked',
    // Readable stack traces in production logs matter more than a few kilobytes.
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalNpmPackages],
  }

  await build({ ...shared, entryPoints: [entry], outfile: path.join(outdir, 'main.js') })
  const outputs = ['main.js']
  // A program a slice runs as a child process of its own (e.g. the catalogue's sharp.worker.ts): beside
  // main.js, where the bundle's import.meta.dirname finds it.
  for (const worker of readdirSync(path.join(dir, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!worker.endsWith('.worker.ts')) continue
    const output = `${path.basename(worker, '.ts')}.js`
    await build({
      ...shared,
      entryPoints: [path.join(dir, 'src', worker)],
      outfile: path.join(outdir, output),
    })
    outputs.push(output)
  }
  if (hasPrisma) {
    await build({
      ...shared,
      entryPoints: [path.join(dir, 'prisma.config.ts')],
      outfile: path.join(outdir, 'prisma.config.mjs'),
      sourcemap: false,
    })
    outputs.push('prisma.config.mjs')
  }
  return { dir: outdir, outputs }
}

/**
 * Copies a built slice into <stageRoot>/<slice> as the image lays it out, and returns that directory.
 * The compiled Prisma config goes beside prisma/ (where `prisma migrate deploy` looks, from the service
 * directory), so the bundle's `serviceDir` (src/.. = dist/..) finds schema and migrations as in development.
 */
export function stageService(sliceDir: string, stageRoot: string): string {
  const dir = path.resolve(repoRoot, sliceDir)
  const target = path.join(path.resolve(stageRoot), path.relative(repoRoot, dir))
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  cpSync(path.join(dir, 'dist'), path.join(target, 'dist'), {
    recursive: true,
    filter: (source) => !source.endsWith('prisma.config.mjs'),
  })
  if (existsSync(path.join(dir, 'prisma'))) {
    cpSync(path.join(dir, 'prisma'), path.join(target, 'prisma'), { recursive: true })
    cpSync(path.join(dir, 'dist', 'prisma.config.mjs'), path.join(target, 'prisma.config.mjs'))
  }
  return target
}

if (invokedDirectly(import.meta.url)) {
  // From a workspace script the slice is the current directory; from the root it is the first argument.
  const args = process.argv.slice(2)
  const stageFlag = args.indexOf('--stage')
  const stageRoot = stageFlag === -1 ? undefined : args.splice(stageFlag, 2)[1]
  if (stageFlag !== -1 && !stageRoot) {
    console.error('build-service: --stage needs a directory')
    process.exit(2)
  }
  const slice = path.relative(repoRoot, path.resolve(args[0] ?? process.cwd()))
  buildService(slice).then(
    ({ dir, outputs }) => {
      console.log(`build-service: ${path.relative(repoRoot, dir)}/{${outputs.join(',')}}`)
      if (stageRoot) console.log(`build-service: staged in ${stageService(slice, stageRoot)}`)
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
