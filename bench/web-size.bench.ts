/**
 * Front-end sizes, gzip -9 bytes (issue 7 aims: first render of `/` ≤ 170 KB, each remote entry ≤ 50 KB).
 *
 *   npx tsx bench/web-size.bench.ts
 *
 * Builds the production bundles (buildWeb, incremental), serves the shell and the three remotes, loads
 * `/` in Chromium and sums every JavaScript response the page fetched until the home screen showed and
 * the network went idle (shell + store + shared singletons: exactly what the first render needs), for an
 * English and for a Hindi reader (each fetches its own language's messages only). Then, per remote:
 * remoteEntry.js alone, and with the chunks its first exposed module needs.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { remoteApps } from '@medstore/mf-config/apps'
import type { RemoteName } from '@medstore/remote-contracts'
import { LOCALES } from '@medstore/ui/early'
import { type Browser, chromium } from 'playwright-core'
import kitEnglish from '../packages/ui/src/locales/en.json' with { type: 'json' }
import kitHindi from '../packages/ui/src/locales/hi.json' with { type: 'json' }
import { invokedDirectly } from '../scripts/lib/invoked-directly.ts'
import { serveFrontEnds } from './lib/front-ends.ts'
import { atMost, type BenchRow, info, runAlone } from './lib/report.ts'

const CHROMIUM = '/usr/bin/chromium'
const FIRST_RENDER_AIM = 170 * 1024
const REMOTE_ENTRY_AIM = 50 * 1024

const gz = (body: Buffer | string) => gzipSync(body, { level: 9 }).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const verdict = (bytes: number, aim: number) => (bytes <= aim ? `✓ ≤ ${kb(aim)}` : `✗ > ${kb(aim)}`)

interface Manifest {
  exposes: { path: string; assets: { js: { sync: string[] } } }[]
}

/** The home page's title as each language's first render shows it (the kit's catalogues). */
const HERO_TITLE = { en: kitEnglish['hero.title'], hi: kitHindi['hero.title'] } as const

/**
 * Every JavaScript file Chromium fetched for `/` until the home screen showed in `language` (the browser's
 * language; nothing stored yet) and the network went idle, gzip -9. Prints the files and returns the total.
 */
async function firstRender(
  browser: Browser,
  shell: { url: string },
  servers: readonly { url: string }[],
  language: keyof typeof HERO_TITLE,
): Promise<number> {
  const context = await browser.newContext({ locale: LOCALES[language] })
  try {
    const page = await context.newPage()
    const scripts: { url: string; raw: number; gzip: number }[] = []
    const pending: Promise<void>[] = []
    page.on('response', (response) => {
      const url = response.url()
      if (response.request().resourceType() !== 'script' && !url.endsWith('.js')) return
      pending.push(
        response.body().then((body) => {
          scripts.push({ url, raw: body.length, gzip: gz(body) })
        }),
      )
    })
    await page.goto(`${shell.url}/`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: HERO_TITLE[language] }).waitFor()
    await Promise.all(pending)
    const origin = (url: string) => servers.find((s) => url.startsWith(s.url))
    const byOrigin = new Map<string, number>()
    for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) {
      const owner = origin(script.url) === shell ? 'shell' : 'mfe-store'
      byOrigin.set(owner, (byOrigin.get(owner) ?? 0) + script.gzip)
      console.log(`  ${kb(script.gzip).padStart(9)}  ${owner.padEnd(9)} ${new URL(script.url).pathname}`)
    }
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0)
    for (const [owner, bytes] of byOrigin) console.log(`  ${kb(bytes).padStart(9)}  from ${owner}`)
    console.log(
      `  ${kb(total).padStart(9)}  TOTAL, ${scripts.length} files  ${verdict(total, FIRST_RENDER_AIM)}`,
    )
    return total
  } finally {
    await context.close()
  }
}

/** Production bundle sizes as Chromium fetches them; run alone with `npm run bench:web`. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const { shell, servers, close } = await serveFrontEnds()
  try {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found (apt-get install -y chromium)`)
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] })
    try {
      console.log('\nFirst render of / (shell + store), JavaScript fetched by Chromium, gzip -9:')
      const english = await firstRender(browser, shell, servers, 'en')
      console.log('\nThe same for a Hindi reader (browser language hi-IN):')
      const hindi = await firstRender(browser, shell, servers, 'hi')
      rows.push(
        atMost('first render of / JavaScript, gzip', english / 1024, 'KB', FIRST_RENDER_AIM / 1024),
        atMost(
          'first render of / JavaScript, Hindi reader, gzip',
          hindi / 1024,
          'KB',
          FIRST_RENDER_AIM / 1024,
        ),
      )
    } finally {
      await browser.close()
    }

    console.log('\nRemote entries, gzip -9:')
    for (const app of remoteApps) {
      const dist = path.join(app.dir, 'dist')
      const entry = gz(await readFile(path.join(dist, 'remoteEntry.js')))
      const manifest = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as Manifest
      const routes = manifest.exposes.find((expose) => expose.path === './routes')
      let withRoutes = entry
      for (const file of routes?.assets.js.sync ?? []) withRoutes += gz(await readFile(path.join(dist, file)))
      console.log(
        `  ${(app.mfName as RemoteName).padEnd(13)} remoteEntry.js ${kb(entry).padStart(8)} ${verdict(entry, REMOTE_ENTRY_AIM)}` +
          `   with ./routes chunks ${kb(withRoutes).padStart(8)}`,
      )
      rows.push(
        atMost(`${app.mfName} remoteEntry.js, gzip`, entry / 1024, 'KB', REMOTE_ENTRY_AIM / 1024),
        info(`${app.mfName} remoteEntry.js + ./routes chunks, gzip`, withRoutes / 1024, 'KB'),
      )
    }
    return rows
  } finally {
    await close()
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('web size', run)
