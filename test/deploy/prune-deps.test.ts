/**
 * docker/prune-deps.mjs, the Node image's last dependency step, run for real on a slice's real bundle: the
 * packages the bundle loads stay with what they depend on, the rest go. Its input here is a copy of the
 * repository's node_modules (the root's and the slice's own, where npm nests a version other than the root's)
 * made of package.json files only (what the script reads), laid out as the image's /app.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildService } from '../../scripts/build-service'
import { repoRoot } from './files'

const scratch = mkdtempSync(path.join(tmpdir(), 'prune-deps-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Every top-level package of one of the repository's node_modules, as a directory holding its package.json. */
function manifestsOnly(from: string, target: string) {
  const source = path.join(repoRoot, from, 'node_modules')
  mkdirSync(target, { recursive: true })
  if (!existsSync(source)) return
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

/** The image's /app for one slice: both node_modules, then prune-deps run on the slice's bundle. */
async function pruneFor(slice: string) {
  const { dir } = await buildService(slice)
  const app = path.join(scratch, slice.replaceAll('/', '-'))
  const modules = path.join(app, 'node_modules')
  const sliceModules = path.join(app, slice, 'node_modules')
  manifestsOnly('.', modules)
  manifestsOnly(slice, sliceModules)
  execFileSync(process.execPath, [
    path.join(repoRoot, 'docker/prune-deps.mjs'),
    app,
    slice,
    path.join(dir, 'main.js'),
  ])
  return { modules, sliceModules }
}

const has = (modules: string, name: string) => existsSync(path.join(modules, name, 'package.json'))

describe('docker/prune-deps.mjs', () => {
  it('keeps what the order bundle loads, the font package it resolves at run time included', async () => {
    const { modules } = await pruneFor('services/order')
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

  it('keeps the version npm nested under the slice, and what it depends on, where Node will look first', async () => {
    const { modules, sliceModules } = await pruneFor('services/messaging')
    // The repository nests messaging's intl-messageformat 11 (the root's 10 is Lighthouse's, a dev dependency).
    expect(has(sliceModules, 'intl-messageformat'), 'nested intl-messageformat').toBe(true)
    const nested = JSON.parse(
      readFileSync(path.join(sliceModules, 'intl-messageformat/package.json'), 'utf8'),
    )
    expect(nested.version).toMatch(/^11\./)
    // Its dependencies, wherever npm put them (nested beside it, or at the root).
    for (const name of ['@formatjs/icu-messageformat-parser', '@formatjs/fast-memoize'])
      expect(has(sliceModules, name) || has(modules, name), name).toBe(true)
    expect(has(modules, 'amqplib')).toBe(true)
    // The root's copy is Lighthouse's: the messaging bundle never loads it.
    expect(has(modules, 'intl-messageformat')).toBe(false)
    expect(has(modules, 'lighthouse')).toBe(false)
  })
})
