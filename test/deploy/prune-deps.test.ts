/**
 * docker/prune-deps.mjs, the Node image's last dependency step, run for real on a slice's real bundle: the
 * packages the bundle loads stay with what they depend on, the rest go. Its input here is a copy of the
 * repository's top-level node_modules made of package.json files only (what the script reads).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildService } from '../../scripts/build-service'
import { repoRoot } from './files'

const scratch = mkdtempSync(path.join(tmpdir(), 'prune-deps-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Every top-level package of the repository's node_modules, as a directory holding its package.json. */
function manifestsOnly(target: string) {
  const source = path.join(repoRoot, 'node_modules')
  for (const entry of readdirSync(source)) {
    if (entry.startsWith('.')) continue
    const names = entry.startsWith('@')
      ? readdirSync(path.join(source, entry)).map((name) => `${entry}/${name}`)
      : [entry]
    for (const name of names) {
      const manifest = path.join(source, name, 'package.json')
      if (!existsSync(manifest)) continue
      mkdirSync(path.join(target, name), { recursive: true })
      cpSync(manifest, path.join(target, name, 'package.json'))
    }
  }
}

const has = (modules: string, name: string) => existsSync(path.join(modules, name, 'package.json'))

describe('docker/prune-deps.mjs', () => {
  it('keeps what the order bundle loads, the font package it resolves at run time included', async () => {
    const { dir } = await buildService('services/order')
    const modules = path.join(scratch, 'node_modules')
    manifestsOnly(modules)
    execFileSync(process.execPath, [
      path.join(repoRoot, 'docker/prune-deps.mjs'),
      modules,
      path.join(dir, 'main.js'),
    ])
    // Imported, and their own dependencies.
    for (const name of ['pdfkit', 'fontkit', 'express', '@prisma/client', 'linebreak', 'restructure'])
      expect(has(modules, name), name).toBe(true)
    // Found only through require.resolve() in the bundle (esbuild names that require `require2`, `require3`…).
    expect(has(modules, '@expo-google-fonts/noto-sans-devanagari')).toBe(true)
    expect(has(modules, 'prisma')).toBe(true)
    // What the order service never loads.
    for (const name of ['react', 'vitest', 'sharp', 'playwright-core'])
      expect(has(modules, name), name).toBe(false)
  })
})
