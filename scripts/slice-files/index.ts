/**
 * `npm run slices`: writes the files that follow from the lists of slices (the services in
 * packages/contracts/src/services.ts, the web apps in packages/mf-config, their Kubernetes figures in
 * deploy/k8s/slices.ts) and must stay on disk for tools that read them: docker-compose.yml's service entries,
 * docker/postgres-init.sql, the PostgreSQL cluster's databases, the Kubernetes base and the production
 * overlay's images and replicas. test/deploy/slice-files.test.ts fails when a committed file differs from
 * what this produces. `npm run new:service` runs it after adding a service.
 *
 *   npm run slices            # write them
 *   npm run slices -- --check # only say which are out of date (exit 1)
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { baseFiles } from '../../deploy/k8s/base-manifests'
import { invokedDirectly } from '../lib/invoked-directly'
import { composeFile } from './compose'
import { postgresClusterFile, postgresInitSql } from './postgres'
import { prodKustomizationFile, prodReplicasFile } from './prod-overlay'

const REPO = path.resolve(import.meta.dirname, '..', '..')

/** `text` as the repository's formatter (Biome, which formats YAML too) writes the file `relative`. */
function formatted(relative: string, text: string): string {
  const biome = path.join(REPO, 'node_modules', '.bin', 'biome')
  const result = spawnSync(biome, ['format', `--stdin-file-path=${relative}`], {
    input: text,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`slices: biome could not format ${relative}:\n${result.stderr}`)
  return result.stdout
}

/** Repository-relative path → content of every derived file, given how to read a committed one. */
export function sliceFiles(read: (relative: string) => string): Record<string, string> {
  const yamlFiles: Record<string, string> = {
    'docker-compose.yml': composeFile(read('docker-compose.yml')),
    'deploy/k8s/infrastructure/postgres.yaml': postgresClusterFile(
      read('deploy/k8s/infrastructure/postgres.yaml'),
    ),
    'deploy/k8s/overlays/prod/kustomization.yaml': prodKustomizationFile(
      read('deploy/k8s/overlays/prod/kustomization.yaml'),
    ),
    'deploy/k8s/overlays/prod/replicas.yaml': prodReplicasFile(),
  }
  const files = Object.fromEntries(
    Object.entries(yamlFiles).map(([relative, text]) => [relative, formatted(relative, text)]),
  )
  files['docker/postgres-init.sql'] = postgresInitSql()
  for (const [name, content] of Object.entries(baseFiles())) files[`deploy/k8s/base/${name}`] = content
  return files
}

/** The derived files of the repository at `root` that differ from what the lists make of them. */
export function staleSliceFiles(root: string = REPO): string[] {
  const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8')
  return Object.entries(sliceFiles(read))
    .filter(([relative, content]) => {
      try {
        return read(relative) !== content
      } catch {
        return true
      }
    })
    .map(([relative]) => relative)
}

export function writeSliceFiles(root: string = REPO): string[] {
  const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8')
  const stale = staleSliceFiles(root)
  const files = sliceFiles(read)
  for (const relative of stale) writeFileSync(path.join(root, relative), files[relative] ?? '')
  return stale
}

if (invokedDirectly(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = staleSliceFiles()
    for (const relative of stale) console.error(`slices: ${relative} is out of date (npm run slices)`)
    process.exit(stale.length > 0 ? 1 : 0)
  }
  const written = writeSliceFiles()
  console.log(written.length > 0 ? `slices: wrote ${written.join(', ')}` : 'slices: every file is up to date')
}
