/**
 * The Module Federation skeleton end to end: the four front ends are built (buildWeb, incremental),
 * served by serveStatic on free ports, checked over HTTP, then driven in real Chromium: the shell
 * renders the store remote's home, one React is shared, unknown and crashing routes get friendly pages,
 * and with the store remote stopped the page frame still works, shows the fallback, and Retry recovers.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { remoteApps, shellApp } from '@medstore/mf-config/apps'
import type { RemoteName, RemotesMap } from '@medstore/mf-config/contract'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWeb } from '../../scripts/build-web.ts'
import { type StaticServer, serveStatic } from '../../scripts/serve-static.ts'

const CHROMIUM = '/usr/bin/chromium'
const quiet = () => {}

const remotes = new Map<RemoteName, StaticServer>()
let shell: StaticServer
let remotesTable: RemotesMap

function serveRemote(name: RemoteName, port = 0): Promise<StaticServer> {
  const app = remoteApps.find((candidate) => candidate.mfName === name)
  if (!app) throw new Error(`no remote ${name}`)
  return serveStatic({ root: path.join(app.dir, 'dist'), port, spa: app.spa, name: app.id, log: quiet })
}

function serveShell(table: Partial<RemotesMap>, env: NodeJS.ProcessEnv = {}): Promise<StaticServer> {
  return serveStatic({
    root: path.join(shellApp.dir, 'dist'),
    port: 0,
    spa: true,
    remotes: table,
    env,
    name: 'shell',
    log: quiet,
  })
}

beforeAll(async () => {
  const results = await buildWeb({ log: quiet })
  expect(results.map((result) => result.app).sort()).toEqual(
    ['mfe-checkout', 'mfe-store', 'mfe-vendor', 'shell'].sort(),
  )
  for (const app of remoteApps) remotes.set(app.mfName, await serveRemote(app.mfName))
  const url = (name: RemoteName) => `${remotes.get(name)?.url}/mf-manifest.json`
  remotesTable = {
    mfe_store: url('mfe_store'),
    mfe_checkout: url('mfe_checkout'),
    mfe_vendor: url('mfe_vendor'),
  }
  shell = await serveShell(remotesTable)
})

afterAll(async () => {
  await Promise.all([shell?.close(), ...[...remotes.values()].map((server) => server.close())])
})

describe('build', () => {
  it('skips apps whose sources did not change', async () => {
    const again = await buildWeb({ log: quiet })
    expect(again.every((result) => result.skipped)).toBe(true)
  })
})

describe('static servers over HTTP', () => {
  it.each(remoteApps.map((app) => [app.mfName]))(
    '%s serves its manifest and remoteEntry.js with CORS',
    async (name) => {
      const base = remotes.get(name as RemoteName)?.url
      const manifestResponse = await fetch(`${base}/mf-manifest.json`, {
        headers: { origin: 'http://localhost:3000' },
      })
      expect(manifestResponse.status).toBe(200)
      expect(manifestResponse.headers.get('access-control-allow-origin')).toBe('*')
      expect(manifestResponse.headers.get('cache-control')).toBe('no-cache')
      const manifest = (await manifestResponse.json()) as {
        name: string
        exposes: { path: string; assets: { js: { sync: string[] } } }[]
        shared: { name: string; version: string; singleton: boolean; requiredVersion: string }[]
      }
      expect(manifest.name).toBe(name)
      expect(manifest.exposes.map((expose) => expose.path)).toContain('./routes')
      // Shared singletons (only the ones the remote imports are listed), requiredVersion = the pinned one.
      const allowed = [
        'react',
        'react/jsx-runtime',
        'react-dom',
        'react-dom/client',
        'react-router-dom',
        'zustand',
        'styled-components',
      ]
      const shared = manifest.shared.map((entry) => entry.name)
      expect(shared).toEqual(expect.arrayContaining(['react', 'react/jsx-runtime', 'react-router-dom']))
      for (const entry of manifest.shared) {
        expect(allowed, entry.name).toContain(entry.name)
        expect(entry.singleton, entry.name).toBe(true)
        expect(entry.requiredVersion, entry.name).toBe(entry.version)
      }

      const entry = await fetch(`${base}/remoteEntry.js`, { headers: { origin: 'http://localhost:3000' } })
      expect(entry.status).toBe(200)
      expect(entry.headers.get('access-control-allow-origin')).toBe('*')
      expect(entry.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(entry.headers.get('cache-control')).toBe('no-cache') // not content-hashed
      expect((await entry.text()).length).toBeGreaterThan(1000)

      const exposeChunk = manifest.exposes[0]?.assets.js.sync[0]
      expect(exposeChunk).toMatch(/\.[0-9a-f]{10}\.js$/)
      const chunk = await fetch(`${base}/${exposeChunk}`)
      expect(chunk.status).toBe(200)
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    },
  )

  it('serves the shell index.html, SPA fallback, health, and 404s', async () => {
    const index = await fetch(`${shell.url}/`)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toMatch(/^text\/html/)
    expect(index.headers.get('cache-control')).toBe('no-cache')
    const html = await index.text()
    expect(html).toContain('<div id="root">')
    expect(html).toMatch(/src="\/main\.[0-9a-f]{10}\.js"/)

    const deepLink = await fetch(`${shell.url}/shopDetails/abc?x=1`)
    expect(deepLink.status).toBe(200)
    expect(await deepLink.text()).toBe(html)

    const health = await fetch(`${shell.url}/health/live`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })

    expect((await fetch(`${shell.url}/missing.js`)).status).toBe(404)
    expect((await fetch(`${shell.url}/%2e%2e/package.json`)).status).toBe(404)
    expect((await fetch(`${shell.url}/.build-stamp.json`)).status).toBe(404)
    expect((await fetch(`${shell.url}/`, { method: 'POST' })).status).toBe(405)

    const gz = await fetch(`${shell.url}/${/src="\/(main\.[0-9a-f]{10}\.js)"/.exec(html)?.[1]}`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('serves /remotes.json from the option, with the REMOTE_*_URL env vars taking precedence', async () => {
    const fromOption = await fetch(`${shell.url}/remotes.json`)
    expect(fromOption.status).toBe(200)
    expect(fromOption.headers.get('cache-control')).toBe('no-cache')
    expect(fromOption.headers.get('access-control-allow-origin')).toBe('*')
    expect(await fromOption.json()).toEqual(remotesTable)

    const moved = 'https://cdn.example.in/store/mf-manifest.json'
    const withEnv = await serveShell(remotesTable, { REMOTE_STORE_URL: moved })
    try {
      expect(await (await fetch(`${withEnv.url}/remotes.json`)).json()).toEqual({
        ...remotesTable,
        mfe_store: moved,
      })
    } finally {
      await withEnv.close()
    }

    // No option, no env: the default ports on the host name the browser used.
    const defaults = await serveShell({})
    try {
      const response = await fetch(`http://127.0.0.1:${defaults.port}/remotes.json`)
      expect(await response.json()).toEqual({
        mfe_store: 'http://127.0.0.1:3001/mf-manifest.json',
        mfe_checkout: 'http://127.0.0.1:3002/mf-manifest.json',
        mfe_vendor: 'http://127.0.0.1:3003/mf-manifest.json',
      })
    } finally {
      await defaults.close()
    }
  })
})

describe.skipIf(!existsSync(CHROMIUM))('in Chromium', () => {
  let browser: Browser
  const pageErrors: string[] = []

  async function openPage(url: string): Promise<Page> {
    const page = await browser.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(url)
    return page
  }

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('renders the store remote inside the shell layout, with one shared React and router', async () => {
    const page = await openPage(`${shell.url}/`)
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await expect(
      page.getByText('Say goodbye to all your healthcare worries with us').isVisible(),
    ).resolves.toBe(true)
    await expect(page.getByText('Free delivery for every order !').isVisible()).resolves.toBe(true)
    await expect(page.getByText('2024 all rights reserved').isVisible()).resolves.toBe(true)

    // Hooks in the remote (useLocation, useState) ran against the shell's router and React.
    await expect(page.locator('[data-remote="mfe_store"]').getAttribute('data-route')).resolves.toBe('/')

    // Exactly one provider of each singleton, the shell's, used by the store remote too.
    const share = await page.evaluate(() => {
      type Version = { from: string; loaded?: boolean; useIn: string[] }
      const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, unknown> } })
        .__FEDERATION__.__SHARE__ as Record<string, Record<string, Record<string, Record<string, Version>>>>
      const result: Record<string, { versions: string[]; from: string[]; useIn: string[] }> = {}
      for (const instance of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
          result[pkg] ??= { versions: [], from: [], useIn: [] }
          const entry = result[pkg]
          for (const [version, info] of Object.entries(versions)) {
            if (!entry.versions.includes(version)) entry.versions.push(version)
            if (!entry.from.includes(info.from)) entry.from.push(info.from)
            for (const user of info.useIn) if (!entry.useIn.includes(user)) entry.useIn.push(user)
          }
        }
      }
      return result
    })
    for (const pkg of ['react', 'react/jsx-runtime', 'react-router-dom', 'styled-components']) {
      expect(share[pkg]?.versions, pkg).toHaveLength(1)
      expect(share[pkg]?.from, pkg).toEqual(['shell'])
      expect(share[pkg]?.useIn, pkg).toEqual(expect.arrayContaining(['shell', 'mfe_store']))
    }

    // A <Link> inside the remote drives the shell's router (client-side, no reload).
    await page.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 42
    })
    await page.getByRole('link', { name: 'Browse all products' }).click()
    await page.getByRole('heading', { name: 'All products' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/products')
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(42)

    // Other remotes load on their routes.
    await page.goto(`${shell.url}/checkout`)
    await page.getByRole('heading', { name: 'Cart and checkout' }).waitFor()
    await page.goto(`${shell.url}/vendor/allOrders`)
    await page.getByRole('heading', { name: 'All Orders' }).waitFor()
    await page.close()
    expect(pageErrors).toEqual([])
  })

  it('shows a friendly not-found page for an unknown route', async () => {
    const page = await openPage(`${shell.url}/no/such/page`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await expect(page.getByText('2024 all rights reserved').isVisible()).resolves.toBe(true)
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await page.close()
  })

  it('shows the generic error page, inside the layout, when a route crashes', async () => {
    // A remote whose route element throws while rendering (it takes React from the share scope).
    const dir = await mkdtemp(path.join(tmpdir(), 'crashing-remote-'))
    await writeFile(
      path.join(dir, 'remoteEntry.js'),
      `var React;
globalThis.mfe_checkout = {
  init: async (shareScope) => {
    const versions = shareScope.react;
    const provider = versions[Object.keys(versions)[0]];
    React = (await provider.get())();
  },
  get: async () => () => ({
    routes: {
      '/checkout': React.createElement(function Crash() { throw new Error('crash in a remote route (test)') }),
    },
  }),
};
`,
    )
    const crashing = await serveStatic({ root: dir, port: 0, name: 'crashing-remote', log: quiet })
    const crashShell = await serveShell({ ...remotesTable, mfe_checkout: `${crashing.url}/remoteEntry.js` })
    try {
      const page = await browser.newPage()
      await page.goto(`${crashShell.url}/checkout`)
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor()
      await expect(page.getByText('This part of the shop is unavailable right now').count()).resolves.toBe(0)
      await expect(page.getByText('Free delivery for every order !').isVisible()).resolves.toBe(true)
      await expect(page.getByText('2024 all rights reserved').isVisible()).resolves.toBe(true)
      await page.getByRole('link', { name: 'Go to the home page' }).click()
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
      await page.close()
    } finally {
      await Promise.all([crashShell.close(), crashing.close()])
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('keeps working when the store remote is down, and Retry recovers once it is back', async () => {
    const store = remotes.get('mfe_store')
    if (!store) throw new Error('store server missing')
    const port = store.port
    await store.close()
    remotes.delete('mfe_store')

    const page = await browser.newPage()
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(`${shell.url}/`)
    await page.getByRole('heading', { name: 'This part of the shop is unavailable right now' }).waitFor()
    // The errorLoadRemote runtime plugin saw the failure.
    expect(warnings.some((text) => text.includes('[shell] remote "mfe_store" failed to load'))).toBe(true)
    await expect(page.getByText('Free delivery for every order !').isVisible()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Medicine Store' }).first().isVisible()).resolves.toBe(true)
    await expect(page.getByText('2024 all rights reserved').isVisible()).resolves.toBe(true)

    // Other remotes still work from the same page.
    await page.getByRole('link', { name: 'Shop' }).click()
    await page.getByRole('heading', { name: 'This part of the shop is unavailable right now' }).waitFor()
    await page.goto(`${shell.url}/my-orders`)
    await page.getByRole('heading', { name: 'My orders' }).waitFor()
    await page.goto(`${shell.url}/`)
    await page.getByRole('heading', { name: 'This part of the shop is unavailable right now' }).waitFor()

    // The store comes back on the same address: Retry loads it without a page reload.
    remotes.set('mfe_store', await serveRemote('mfe_store', port))
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await page.close()
    expect(pageErrors).toEqual([]) // no uncaught errors or unhandled rejections on the way
  })
})

if (!existsSync(CHROMIUM)) {
  console.warn(
    `[web] browser tests skipped: ${CHROMIUM} not found (install it with: apt-get install -y chromium)`,
  )
}
