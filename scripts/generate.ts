// `npm run generate` (also run by ensure-install before start and test): `prisma generate` for every Prisma
// project in the repository (a directory with prisma/schema.prisma: each services/<name>/, and test fixtures
// such as packages/service-kit/test/fixture/), skipping one whose schema, prisma.config.ts and Prisma version
// are unchanged since its last generation (hash kept in <project>/src/generated/.schema-hash).
import { createHash } from 'node:crypto'
import { type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { run } from './infra/util'
import { invokedDirectly } from './lib/invoked-directly'

const REPO = resolve(import.meta.dirname, '..')
const HASH_FILE = '.schema-hash'

export interface GenerateOptions {
  /** Repository root holding node_modules/.bin/prisma, searched for Prisma projects (default: this repository). */
  repoRoot?: string
  /** Regenerate even when the hash matches. */
  force?: boolean
  log?: (message: string) => void
}

export interface GenerateResult {
  generated: string[]
  skipped: string[]
  failed: string[]
}

export async function generateAll(options: GenerateOptions = {}): Promise<GenerateResult> {
  const repoRoot = options.repoRoot ?? REPO
  const log = options.log ?? ((message: string) => console.log(message))
  const prisma = join(repoRoot, 'node_modules', '.bin', 'prisma')
  const result: GenerateResult = { generated: [], skipped: [], failed: [] }

  const projects = findPrismaProjects(repoRoot)
  if (projects.length === 0) {
    log('generate: no prisma/schema.prisma in the repository yet; nothing to do')
    return result
  }

  const prismaVersion = readPrismaVersion(repoRoot)
  const pending: Array<{ name: string; dir: string; hash: string }> = []
  for (const dir of projects) {
    const name = relative(repoRoot, dir)
    const hash = schemaHash(dir, prismaVersion)
    if (!options.force && isUpToDate(dir, hash)) result.skipped.push(name)
    else pending.push({ name, dir, hash })
  }
  if (pending.length > 0 && !existsSync(prisma)) {
    throw new Error(`${prisma} is missing; run npm install first`)
  }

  const queue = [...pending]
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const begin = Date.now()
      const outcome = await runPrismaGenerate(prisma, job.dir)
      if (outcome.code === 0) {
        mkdirSync(join(job.dir, 'src', 'generated'), { recursive: true })
        writeFileSync(join(job.dir, 'src', 'generated', HASH_FILE), `${job.hash}\n`)
        result.generated.push(job.name)
        log(`generate: ${job.name} done in ${Date.now() - begin} ms`)
      } else {
        result.failed.push(job.name)
        log(
          `generate: ${job.name} FAILED (prisma generate exit ${outcome.code})\n${outcome.output.trimEnd()}`,
        )
      }
    }
  }
  const parallelism = Math.max(1, Math.min(2, availableParallelism(), pending.length))
  await Promise.all(Array.from({ length: parallelism }, worker))
  if (result.skipped.length > 0) log(`generate: up to date: ${result.skipped.join(', ')}`)
  return result
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', 'coverage', 'prisma', 'src'])
const MAX_DEPTH = 5

/** Directories holding prisma/schema.prisma, outside node_modules, dist and dot-directories. */
export function findPrismaProjects(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string, depth: number) => {
    if (existsSync(join(dir, 'prisma', 'schema.prisma'))) found.push(dir)
    if (depth >= MAX_DEPTH) return
    let entries: Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue
      walk(join(dir, entry.name), depth + 1)
    }
  }
  walk(root, 0)
  return found.sort()
}

function readPrismaVersion(repoRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'prisma', 'package.json'), 'utf8'))
    return String(pkg.version)
  } catch {
    return 'unknown'
  }
}

function schemaHash(projectDir: string, prismaVersion: string): string {
  const hash = createHash('sha256')
  hash.update(`prisma ${prismaVersion}\0`)
  for (const file of ['prisma/schema.prisma', 'prisma.config.ts']) {
    const path = join(projectDir, file)
    hash.update(`${file}\0`)
    hash.update(existsSync(path) ? readFileSync(path) : '(none)')
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** The output directories of the schema's generators (`output = "..."`, relative to prisma/). */
function generatorOutputs(projectDir: string): string[] {
  const schema = readFileSync(join(projectDir, 'prisma', 'schema.prisma'), 'utf8')
  return [...schema.matchAll(/^\s*output\s*=\s*"([^"]+)"/gm)].map((match) =>
    resolve(projectDir, 'prisma', match[1] ?? '.'),
  )
}

const nonEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0

/** Up to date when the stored hash matches and every generator's output is there. */
function isUpToDate(projectDir: string, hash: string): boolean {
  const generatedDir = join(projectDir, 'src', 'generated')
  const hashPath = join(generatedDir, HASH_FILE)
  if (!existsSync(hashPath)) return false
  if (readFileSync(hashPath, 'utf8').trim() !== hash) return false
  const outputs = generatorOutputs(projectDir)
  if (outputs.length > 0) return outputs.every(nonEmptyDir)
  return readdirSync(generatedDir).some((entry) => entry !== HASH_FILE)
}

function runPrismaGenerate(prisma: string, cwd: string): Promise<{ code: number | null; output: string }> {
  return run(prisma, ['generate', '--no-hints'], {
    cwd,
    env: {
      ...process.env,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
      // generate never connects, but a prisma.config.ts may read it; any well-formed URL will do.
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  }).then(({ code, stdout, stderr }) => ({ code, output: stdout + stderr }))
}

if (invokedDirectly(import.meta.url)) {
  const begin = Date.now()
  const result = await generateAll({ force: process.argv.includes('--force') })
  if (result.generated.length > 0) {
    console.log(`generate: ${result.generated.length} client(s) generated in ${Date.now() - begin} ms`)
  }
  if (result.failed.length > 0) process.exitCode = 1
}
