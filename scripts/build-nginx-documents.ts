/**
 * Bundles scripts/nginx-documents.ts into one dependency-free ES module that plain node runs in the
 * front-end images at container start (docker/Dockerfile's build stage writes /out/nginx-documents.mjs).
 *
 *   npx tsx scripts/build-nginx-documents.ts <outfile>
 */
import path from 'node:path'
import { build } from 'esbuild'
import { invokedDirectly } from './lib/invoked-directly.ts'

export async function buildNginxDocuments(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(import.meta.dirname, 'nginx-documents.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    legalComments: 'none',
    logLevel: 'warning',
  })
}

if (invokedDirectly(import.meta.url)) {
  const outfile = process.argv[2]
  if (!outfile) {
    console.error('usage: npx tsx scripts/build-nginx-documents.ts <outfile>')
    process.exit(2)
  }
  await buildNginxDocuments(path.resolve(outfile))
}
