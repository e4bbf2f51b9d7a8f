/**
 * `npm run new:service -- <name>`: a new service in the shape of the others (its own database and first
 * migration, one route, one event handler, tests and a README; templates.ts), registered in the list of
 * services and the files that follow from it (register.ts, then `npm run slices`), its Prisma client
 * generated and its files formatted. It then passes typecheck, lint and its own tests
 * (`npx vitest run --project <name>`); test/scaffold/new-service.test.ts proves that in a copy of the repo.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SERVICES } from '@medstore/contracts/services'
import { generateAll } from '../generate'
import { invokedDirectly } from '../lib/invoked-directly'
import { nameProblem, serviceNames } from './names'
import { lockWithWorkspace, registrationEdits } from './register'
import { type Dependencies, serviceFiles } from './templates'

const REPO = path.resolve(import.meta.dirname, '..', '..')

/** What a service package depends on; the versions are the installed ones. */
const DEPENDENCIES = [
  '@medstore/contracts',
  '@medstore/service-kit',
  '@prisma/adapter-pg',
  '@prisma/client',
  'prisma',
  'zod',
]

/** Names a service may not take: the services, their path families, the other workspaces, the gateway's own paths. */
function takenNames(root: string): string[] {
  const workspaces = ['packages', 'services'].flatMap((group) => readdirSync(path.join(root, group)))
  const families = SERVICES.flatMap((service) => service.paths.map((family) => family.slice(1)))
  return [
    ...SERVICES.map((service) => service.name),
    ...families,
    ...workspaces,
    'gateway',
    'shell',
    'health',
    'docs',
    'internal',
  ]
}

function installedDependencies(root: string): Dependencies {
  const version = (dependency: string) =>
    String(
      JSON.parse(readFileSync(path.join(root, 'node_modules', dependency, 'package.json'), 'utf8')).version,
    )
  return Object.fromEntries(DEPENDENCIES.map((dependency) => [dependency, version(dependency)]))
}

function run(root: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`new:service: ${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`)
}

export async function newService(name: string, root: string = REPO, log = console.log): Promise<string[]> {
  const problem = nameProblem(name, takenNames(root))
  if (problem) throw new Error(`new:service: ${problem}`)
  const names = serviceNames(
    name,
    SERVICES.map((service) => service.port),
  )
  const files = serviceFiles(names, installedDependencies(root))
  const existing = Object.keys(files).filter((relative) => existsSync(path.join(root, relative)))
  if (existing.length > 0) throw new Error(`new:service: ${existing.join(', ')} already exist`)

  // Every edit is computed before anything is written, so a file without its place changes nothing.
  const edits = registrationEdits(names).map(({ file, edit }) => ({
    file,
    text: edit(readFileSync(path.join(root, file), 'utf8')),
  }))
  const manifest = JSON.parse(files[`services/${name}/package.json`]!)
  edits.push({
    file: 'package-lock.json',
    text: lockWithWorkspace(readFileSync(path.join(root, 'package-lock.json'), 'utf8'), name, manifest),
  })
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true })
    writeFileSync(path.join(root, relative), content)
  }
  for (const { file, text } of edits) writeFileSync(path.join(root, file), text)
  // The workspace link `npm install` would make, so `@medstore/<name>` resolves without a reinstall.
  const link = path.join(root, 'node_modules', '@medstore', name)
  if (!existsSync(link)) symlinkSync(path.join('..', '..', 'services', name), link)

  // In a fresh process: this one has the list of services as it was before the edit.
  run(root, process.execPath, ['--import', 'tsx', 'scripts/slice-files/index.ts'])
  const generated = await generateAll({ repoRoot: root, log: () => {} })
  if (generated.failed.length > 0)
    throw new Error(`new:service: prisma generate failed for ${generated.failed}`)
  const touched = [...Object.keys(files), ...edits.map((edit) => edit.file)]
  run(root, path.join(root, 'node_modules', '.bin', 'biome'), [
    'check',
    '--write',
    ...touched.filter((file) => /\.(ts|json)$/.test(file) && file !== 'package-lock.json'),
  ])
  log(`new:service: services/${name} on port ${names.port}, routes under /${name}`)
  log(`  created:  ${Object.keys(files).join('\n            ')}`)
  log(`  changed:  ${edits.map((edit) => edit.file).join(', ')} and the files \`npm run slices\` writes`)
  log(`  next:     npx vitest run --project ${name}; then replace the example (services/${name}/README.md)`)
  return touched
}

if (invokedDirectly(import.meta.url)) {
  const name = process.argv[2]
  if (!name) {
    console.error('usage: npm run new:service -- <name>   (one lower-case word, e.g. prescription)')
    process.exit(2)
  }
  await newService(name).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  })
}
