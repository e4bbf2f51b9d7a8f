/**
 * The front ends end to end: the four are built (buildWeb, incremental), served by serveStatic on free
 * ports, checked over HTTP, then driven in real Chromium: the shell renders the store remote's home with
 * one React, router, UI kit and store instance; unknown and crashing routes get friendly pages; with each
 * remote stopped in turn the page frame and header still work and the missing area shows its fallback;
 * and a customer signs up, signs in and logs out through the UI against the real gateway and identity.
 */

import { generateKeyPairSync } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type RemoteUrls, remoteApps, shellApp } from '@medstore/mf-config/apps'
import type { RemoteName, RemotesTable } from '@medstore/remote-contracts'
import { createLogger, loadConfig } from '@medstore/service-kit'
import { startTestService, type TestService } from '@medstore/service-kit/testing'
import { apiMessages } from '@medstore/web-client'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway } from '../../gateway/src/app.ts'
import { gatewayEnv } from '../../gateway/src/config.ts'
import { buildWeb } from '../../scripts/build-web.ts'
import { type StaticServer, serveStatic } from '../../scripts/serve-static.ts'
import { identityService } from '../../services/identity/src/service.ts'
import { appTookOver } from '../../test/browser/chromium.ts'
import { routesWithin } from '../src/routePaths.ts'

const CHROMIUM = '/usr/bin/chromium'
const quiet = () => {}

const remotes = new Map<RemoteName, StaticServer>()
let shell: StaticServer
let remotesTable: Required<RemoteUrls>
/** The main shell's environment, read per request: the sign-up journey points PUBLIC_API_URL at its gateway. */
const shellEnv: NodeJS.ProcessEnv = {}

function serveRemote(name: RemoteName, port = 0): Promise<StaticServer> {
  const app = remoteApps.find((candidate) => candidate.mfName === name)
  if (!app) throw new Error(`no remote ${name}`)
  return serveStatic({ root: path.join(app.dir, 'dist'), port, spa: app.spa, name: app.id, log: quiet })
}

/** The `/remotes.json` the shell serves for these manifest URLs and the default prefixes. */
const tableFor = (urls: Required<RemoteUrls>): RemotesTable =>
  Object.fromEntries(
    remoteApps.map((app) => [
      app.mfName,
      { entry: urls[app.mfName], prefixes: [...app.prefixes], frame: app.frame },
    ]),
  ) as RemotesTable

function serveShell(table: RemoteUrls, env: NodeJS.ProcessEnv = {}): Promise<StaticServer> {
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
  shell = await serveShell(remotesTable, shellEnv)
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
      // Its route patterns, next to the manifest, for the shell's server (404s), all under its prefixes.
      const published = (await (await fetch(`${base}/routes.json`)).json()) as { routes: string[] }
      const prefixes = remoteApps.find((app) => app.mfName === name)?.prefixes ?? []
      expect(published.routes.length).toBeGreaterThan(0)
      expect(routesWithin(published.routes, prefixes)).toEqual(published.routes)
      if (name === 'mfe_checkout') expect(manifest.exposes.map((e) => e.path)).toContain('./CartPanel')
      // Shared singletons (only the ones the remote imports are listed), requiredVersion = the pinned one.
      const allowed = [
        'react',
        'react/jsx-runtime',
        'react-dom',
        'react-dom/client',
        'react-router-dom',
        'zustand',
        'styled-components',
        '@medstore/web-client',
        '@medstore/ui',
        '@medstore/ui/later',
        '@medstore/contracts/endpoints',
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
    // The entry is added by the first paint's inline script (src/firstPaint/boot.ts), once the paint shows.
    expect(html).toMatch(/<script>\(function\(\)\{[^<]*"\/main\.[0-9a-f]{10}\.js"/)

    const deepLink = await fetch(`${shell.url}/shopDetails/abc?x=1`)
    expect(deepLink.status).toBe(200)
    expect(await deepLink.text()).toBe(html)
    // A path no page owns: the same page (it shows the friendly not-found), with status 404. Under a
    // remote's prefix, the remote's published routes decide (/products/extra: mfe-store has no such route).
    for (const unknown of ['/nonsense', '/products/extra', '/vendor/a/b', '/my-orders/7']) {
      const response = await fetch(`${shell.url}${unknown}`)
      expect(response.status, unknown).toBe(404)
      expect(await response.text()).toBe(html)
    }
    for (const known of [
      '/login',
      '/terms',
      '/vendor',
      '/vendor/dashboard',
      '/checkout/done',
      '/Products/',
    ]) {
      expect((await fetch(`${shell.url}${known}`)).status, known).toBe(200)
    }

    const health = await fetch(`${shell.url}/health/live`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })

    expect((await fetch(`${shell.url}/missing.js`)).status).toBe(404)
    expect((await fetch(`${shell.url}/%2e%2e/package.json`)).status).toBe(404)
    expect((await fetch(`${shell.url}/.build-stamp.json`)).status).toBe(404)
    expect((await fetch(`${shell.url}/`, { method: 'POST' })).status).toBe(405)

    const gz = await fetch(`${shell.url}/${/"\/(main\.[0-9a-f]{10}\.js)"/.exec(html)?.[1]}`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('serves /remotes.json from the option, with the REMOTE_*_URL and _PREFIXES env vars taking precedence', async () => {
    const fromOption = await fetch(`${shell.url}/remotes.json`)
    expect(fromOption.status).toBe(200)
    expect(fromOption.headers.get('cache-control')).toBe('no-cache')
    expect(fromOption.headers.get('access-control-allow-origin')).toBe('*')
    expect(await fromOption.json()).toEqual(tableFor(remotesTable))

    const moved = 'https://cdn.example.in/store/mf-manifest.json'
    const withEnv = await serveShell(remotesTable, {
      REMOTE_STORE_URL: moved,
      REMOTE_VENDOR_PREFIXES: '/vendor/*, /admin/*',
    })
    try {
      const expected = tableFor({ ...remotesTable, mfe_store: moved })
      expected.mfe_vendor.prefixes = ['/vendor/*', '/admin/*']
      expect(await (await fetch(`${withEnv.url}/remotes.json`)).json()).toEqual(expected)
    } finally {
      await withEnv.close()
    }

    // No option, no env: the default ports on the host name the browser used.
    const defaults = await serveShell({})
    try {
      const response = await fetch(`http://127.0.0.1:${defaults.port}/remotes.json`)
      expect(await response.json()).toEqual(
        tableFor({
          mfe_store: 'http://127.0.0.1:3001/mf-manifest.json',
          mfe_checkout: 'http://127.0.0.1:3002/mf-manifest.json',
          mfe_vendor: 'http://127.0.0.1:3003/mf-manifest.json',
        }),
      )
    } finally {
      await defaults.close()
    }
  })
})

describe('runtime config', () => {
  it('serves /config.json: PUBLIC_API_URL, else the gateway on the host the browser used', async () => {
    const defaults = await serveShell({})
    const moved = await serveShell({}, { PUBLIC_API_URL: 'https://api.medicinestore.in/' })
    try {
      const local = await fetch(`http://127.0.0.1:${defaults.port}/config.json`)
      expect(local.headers.get('cache-control')).toBe('no-cache')
      expect(await local.json()).toEqual({ apiUrl: 'http://127.0.0.1:8080' })
      expect(await (await fetch(`${moved.url}/config.json`)).json()).toEqual({
        apiUrl: 'https://api.medicinestore.in',
      })
    } finally {
      await Promise.all([defaults.close(), moved.close()])
    }
  })
})

/** What `page.evaluate` reads from the federation runtime: per shared package, versions, providers, users. */
type ShareReport = Record<string, { versions: string[]; from: string[]; useIn: string[] }>

const readShareScope = () => {
  type Version = { from: string; useIn: string[] }
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
}

const customerProfile = {
  token: 'browser-test-token',
  userInfo: { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false },
}
const adminProfile = {
  token: 'browser-test-admin-token',
  userInfo: {
    id: 'a1',
    name: 'Store Pharmacist',
    email: 'admin@example.in',
    userName: 'ADMIN',
    isAdmin: true,
  },
}

describe.skipIf(!existsSync(CHROMIUM))('in Chromium', () => {
  let browser: Browser
  const pageErrors: string[] = []

  /** A fresh page (its own storage), optionally with a stored profile, as if signed in earlier. */
  async function newPage(profile?: object): Promise<Page> {
    const context = await browser.newContext()
    if (profile) {
      await context.addInitScript((value) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('profile', value)
          sessionStorage.setItem('seeded', '1')
        }
      }, JSON.stringify(profile))
    }
    const page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    // The browser may be closing already (afterAll): then the context is gone too, which is fine.
    page.on('close', () => context.close().catch(() => {}))
    return page
  }

  async function openPage(url: string, profile?: object): Promise<Page> {
    const page = await newPage(profile)
    await page.goto(url)
    await appTookOver(page)
    return page
  }

  /** Stops a remote's server; returns a function that starts it again on the same port. */
  async function stopRemote(name: RemoteName): Promise<() => Promise<void>> {
    const server = remotes.get(name)
    if (!server) throw new Error(`${name} is not running`)
    const port = server.port
    await server.close()
    remotes.delete(name)
    return async () => {
      remotes.set(name, await serveRemote(name, port))
    }
  }

  const unavailable = (page: Page) =>
    page.getByRole('heading', { name: 'This part of the shop is unavailable right now' })

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

  it('renders home with all remotes up, with one React, router, UI kit and store instance', async () => {
    const page = await openPage(`${shell.url}/`, adminProfile)
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await expect(
      page.getByText('Say goodbye to all your healthcare worries with us').isVisible(),
    ).resolves.toBe(true)
    await expect(page.getByText('Free delivery for every order!').isVisible()).resolves.toBe(true)
    await expect(
      page.getByText(/^© \d{4} Medicine Store\. All rights reserved\.$/).isVisible(),
    ).resolves.toBe(true)

    // Hooks in the remote (state, effects) ran against the shell's React: its search box is live.
    await page.getByRole('combobox').first().waitFor()

    // Navigation between remotes stays inside one document (client-side, no reload). No API answers in
    // this suite, so the lists show their error states; the remotes' own suites test them with data.
    await page.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 42
    })
    await page.getByRole('link', { name: 'Shop', exact: true }).first().click()
    await page.getByRole('heading', { name: 'All products' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/products')

    // The checkout remote reads the profile the shell stored, and its cart panel opens from the header.
    await page.getByRole('button', { name: 'Store Pharmacist' }).click()
    await page.getByRole('link', { name: 'My Orders' }).click()
    await page.getByRole('heading', { name: 'My orders' }).waitFor()
    await expect(page.getByText('to see your orders.').count()).resolves.toBe(0)
    await page.getByRole('button', { name: 'Cart', exact: true }).click()
    const cart = page.getByRole('dialog', { name: 'Shopping cart' })
    await cart.getByRole('button', { name: 'Continue Shopping' }).click()
    await cart.waitFor({ state: 'detached' })

    // The administrator's header link leads to the back-office remote (its own frame, no storefront chrome).
    await page.getByRole('link', { name: 'Back-office' }).click()
    await page.getByRole('heading', { name: 'All Orders' }).waitFor()
    await expect(page.getByText('Free delivery for every order!').count()).resolves.toBe(0)
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(42)

    // Exactly one provider of each singleton, the shell's, and the remotes use it.
    const share: ShareReport = await page.evaluate(readShareScope)
    for (const pkg of [
      'react',
      'react/jsx-runtime',
      'react-dom',
      'react-router-dom',
      'styled-components',
      'zustand',
      '@medstore/web-client',
      '@medstore/ui',
      '@medstore/contracts/endpoints',
    ]) {
      expect(share[pkg]?.versions, pkg).toHaveLength(1)
      expect(share[pkg]?.from, pkg).toEqual(['shell'])
    }
    // useIn: the containers that took the package from the share scope (only those that import it).
    const all = ['shell', 'mfe_store', 'mfe_checkout', 'mfe_vendor']
    for (const pkg of ['react/jsx-runtime', 'react-router-dom', 'styled-components']) {
      expect(share[pkg]?.useIn, pkg).toEqual(expect.arrayContaining(all))
    }
    expect(share.react?.useIn).toEqual(expect.arrayContaining(['shell', 'mfe_store']))
    expect(share['@medstore/web-client']?.useIn).toEqual(expect.arrayContaining(['shell', 'mfe_checkout']))
    expect(share['@medstore/ui']?.useIn).toEqual(expect.arrayContaining(['shell', 'mfe_checkout']))
    expect(share['react-router-dom']?.versions).toEqual(['7.18.5'])
    await page.close()
    expect(pageErrors).toEqual([])
  })

  it('one profile store: logging out in the shell is seen by the checkout remote without a reload', async () => {
    const page = await openPage(`${shell.url}/my-orders`, customerProfile)
    await page.getByRole('heading', { name: 'My orders' }).waitFor()
    await expect(page.getByText('to see your orders.').count()).resolves.toBe(0)
    await page.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 7
    })
    await page.getByRole('button', { name: 'Asha Rao' }).click()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.getByText('Log Out Successful').waitFor()
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    // Back to /my-orders in the same document: a store of the remote's own, created while signed in,
    // would still show Asha's orders instead of the sign-in prompt.
    await page.goBack()
    await page.getByText('to see your orders.').waitFor()
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(7)
    await page.close()
    expect(pageErrors).toEqual([])
  })

  it('sends guests to sign in and customers home from the back-office', async () => {
    const guest = await openPage(`${shell.url}/vendor/allOrders`)
    await guest.getByRole('heading', { name: 'Welcome Back!' }).waitFor()
    expect(new URL(guest.url()).search).toBe(`?from=${encodeURIComponent('/vendor/allOrders')}`)
    await guest.close()
    const customer = await openPage(`${shell.url}/vendor/allOrders`, customerProfile)
    await customer.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    expect(new URL(customer.url()).pathname).toBe('/')
    await customer.close()
  })

  // Outside every prefix; and under mfe-store's /products/* prefix, where the store has no such route.
  it.each(['/no/such/page', '/products/extra'])('shows a friendly not-found page for %s', async (path) => {
    const page = await openPage(`${shell.url}${path}`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await expect(
      page.getByText(/^© \d{4} Medicine Store\. All rights reserved\.$/).isVisible(),
    ).resolves.toBe(true)
    await expect(unavailable(page).count()).resolves.toBe(0)
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await page.close()
  })

  it('shows the policy pages with the policy figures', async () => {
    const page = await openPage(`${shell.url}/`)
    await page.getByRole('link', { name: 'Cancellation & refund' }).click()
    await page.getByRole('heading', { name: 'Cancellation and Refund Policy' }).waitFor()
    await page.getByText('within 24 hours of placing it').waitFor()
    await page.getByRole('link', { name: 'Shipping & delivery' }).click()
    await page.getByText('Express shipping: 2–4 business days.').waitFor()
    for (const [path, title] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms', 'Terms and Conditions'],
    ]) {
      await page.goto(`${shell.url}${path}`)
      await page.getByRole('heading', { name: title }).waitFor()
    }
    await page.close()
    expect(pageErrors).toEqual([])
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
      const page = await newPage()
      await page.goto(`${crashShell.url}/checkout`)
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor()
      await expect(unavailable(page).count()).resolves.toBe(0)
      await expect(page.getByText('Free delivery for every order!').isVisible()).resolves.toBe(true)
      await expect(
        page.getByText(/^© \d{4} Medicine Store\. All rights reserved\.$/).isVisible(),
      ).resolves.toBe(true)
      await page.getByRole('link', { name: 'Go to the home page' }).click()
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
      await page.close()
    } finally {
      await Promise.all([crashShell.close(), crashing.close()])
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('keeps working when the store remote is down, and Retry recovers once it is back', async () => {
    const restart = await stopRemote('mfe_store')
    const page = await newPage(customerProfile)
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(`${shell.url}/`)
    await unavailable(page).waitFor()
    // The errorLoadRemote runtime plugin saw the failure.
    expect(warnings.some((text) => text.includes('[shell] remote "mfe_store" failed to load'))).toBe(true)
    await expect(page.getByText('Free delivery for every order!').isVisible()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Medicine Store' }).first().isVisible()).resolves.toBe(true)
    await expect(
      page.getByText(/^© \d{4} Medicine Store\. All rights reserved\.$/).isVisible(),
    ).resolves.toBe(true)

    // The header works: its links, the user menu, the cart panel (another remote).
    await page.getByRole('link', { name: 'Shop' }).click()
    await unavailable(page).waitFor()
    await page.getByRole('button', { name: 'Asha Rao' }).click()
    await page.getByRole('link', { name: 'My Orders' }).click()
    await page.getByRole('heading', { name: 'My orders' }).waitFor()
    await page.getByRole('button', { name: 'Cart', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Shopping cart' })
      .getByRole('button', { name: 'Continue Shopping' })
      .waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('link', { name: 'Medicine Store' }).first().click()
    await unavailable(page).waitFor()

    // The store comes back on the same address: Retry loads it without a page reload.
    await restart()
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await page.close()
    expect(pageErrors).toEqual([]) // no uncaught errors or unhandled rejections on the way
  })

  it('keeps working when the checkout remote is down: home, header, and the cart panel says so', async () => {
    const restart = await stopRemote('mfe_checkout')
    try {
      const page = await openPage(`${shell.url}/`, customerProfile)
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
      await page.getByRole('button', { name: 'Cart', exact: true }).click()
      const cart = page.getByRole('dialog', { name: 'Shopping cart' })
      await cart.getByRole('heading', { name: 'This part of the shop is unavailable right now' }).waitFor()
      await cart.getByRole('button', { name: 'Close cart' }).click()
      // My Orders is checkout's page: its menu entry comes with checkout's routes.json, so the menu holds
      // only the shell's own entries, and the page's address says the part is unavailable.
      await page.getByRole('button', { name: 'Asha Rao' }).click()
      await page.getByRole('button', { name: 'Log Out' }).waitFor()
      await expect(page.getByRole('link', { name: 'My Orders' }).count()).resolves.toBe(0)
      await page.keyboard.press('Escape')
      await page.goto(`${shell.url}/my-orders`)
      await unavailable(page).waitFor()
      await page.goto(`${shell.url}/checkout`)
      await unavailable(page).waitFor()
      await page.getByRole('link', { name: 'Shop' }).click()
      await page.getByRole('heading', { name: 'All products' }).waitFor()
      await page.close()
    } finally {
      await restart()
    }
    expect(pageErrors).toEqual([])
  })

  it('keeps working when the back-office remote is down', async () => {
    const restart = await stopRemote('mfe_vendor')
    try {
      const page = await openPage(`${shell.url}/vendor/allOrders`, adminProfile)
      await unavailable(page).waitFor()
      await page.goto(`${shell.url}/`)
      await appTookOver(page)
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
      await page.getByRole('button', { name: 'Store Pharmacist' }).click()
      await page.getByRole('link', { name: 'My Orders' }).waitFor()
      await page.getByRole('link', { name: 'Back-office' }).click()
      await unavailable(page).waitFor()
      await page.close()
    } finally {
      await restart()
    }
    expect(pageErrors).toEqual([])
  })

  describe('against the real gateway and identity service', () => {
    // Hashing passwords (sign-up, sign-in) takes seconds on a loaded two-core machine: these journeys
    // wait for UI state with generous limits instead of Playwright's 30 s default.
    const SLOW_MS = 90_000
    const JOURNEY_MS = 300_000
    const openSlowPage = async (url: string) => {
      const page = await openPage(url)
      page.setDefaultTimeout(SLOW_MS)
      return page
    }
    const ADMIN = { email: 'pharmacist@medstore.test', password: 'admin-password-1' }
    let identity: TestService<unknown, unknown>
    let gateway: Server

    beforeAll(async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
      identity = (await startTestService(identityService, {
        JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      })) as unknown as TestService<unknown, unknown>
      const config = loadConfig(gatewayEnv, {
        NODE_ENV: 'test',
        GATEWAY_PORT: '0',
        IDENTITY_URL: identity.url,
        JWKS_URL: `${identity.url}/.well-known/jwks.json`,
        CORS_ORIGINS: shell.url,
        UPSTREAM_TIMEOUT_MS: '10000',
      })
      gateway = createGateway(config, createLogger('gateway', 'silent')).listen(0, '127.0.0.1')
      await new Promise((resolve) => gateway.once('listening', resolve))
      // The shell's /config.json now points the browser at this gateway.
      shellEnv.PUBLIC_API_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`
    })

    afterAll(async () => {
      delete shellEnv.PUBLIC_API_URL
      if (gateway) {
        gateway.closeAllConnections()
        await new Promise((resolve) => gateway.close(resolve))
      }
      await identity?.close()
    })

    it('sign up, log out, sign in (after a wrong password), log out, through the UI', {
      timeout: JOURNEY_MS,
    }, async () => {
      const tag = Date.now().toString(36)
      const email = `ravi.${tag}@example.in`
      const page = await openSlowPage(`${shell.url}/my-orders`)
      await page.getByText('to see your orders.').waitFor()

      // The user icon → sign-in (remembering /my-orders) → Sign up.
      await page.getByRole('link', { name: 'Sign in', exact: true }).click()
      await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor()
      await page.getByRole('link', { name: 'Sign up' }).click()
      await page.getByRole('heading', { name: 'Register' }).waitFor()
      await page.getByLabel('First Name').fill('Ravi')
      await page.getByLabel('Last Name').fill('Kumar')
      await page.getByLabel('Username').fill(`ravi_${tag}`)
      await page.getByLabel('Email Address').fill(email)
      await page.getByLabel('Phone Number').fill('+91 98765 43210')
      await page.getByLabel('Password', { exact: true }).fill('correct horse battery')
      await page.getByLabel('Confirm Password').fill('correct horse battery')
      await page.getByRole('button', { name: 'Register' }).click()
      await page.getByText('Account created successfully').waitFor()
      // Signed in, and back where they were going; the checkout remote sees the same user.
      await page.getByRole('heading', { name: 'My orders' }).waitFor()
      await expect(page.getByText('to see your orders.').count()).resolves.toBe(0)
      expect(new URL(page.url()).pathname).toBe('/my-orders')
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('profile'))) ?? 'null')
      expect(stored.userInfo).toMatchObject({ name: 'Ravi Kumar', email, isAdmin: false })
      await expect(page.getByRole('link', { name: 'Back-office' }).count()).resolves.toBe(0)

      await page.getByRole('button', { name: 'Ravi Kumar' }).click()
      await page.getByRole('button', { name: 'Log Out' }).click()
      await page.getByText('Log Out Successful').waitFor()
      await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor()
      await expect(page.evaluate(() => localStorage.getItem('profile'))).resolves.toBeNull()

      // A wrong password: the server's message, still signed out.
      await page.getByRole('link', { name: 'Sign in', exact: true }).click()
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('not the password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      const error = page.getByRole('alert').filter({ hasText: /./ })
      await error.first().waitFor()
      const serverMessage = (await error.first().textContent()) ?? ''
      expect(serverMessage.length).toBeGreaterThan(5)
      expect(new URL(page.url()).pathname).toBe('/login')

      await page.getByLabel('Password').fill('correct horse battery')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByText('welcome Ravi Kumar').waitFor()
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()

      await page.getByRole('button', { name: 'Ravi Kumar' }).click()
      await page.getByRole('button', { name: 'Log Out' }).click()
      await page.getByText('Log Out Successful').waitFor()
      await page.close()
      expect(pageErrors).toEqual([])
    })

    it('the administrator signs in and reaches the back-office from the header', {
      timeout: JOURNEY_MS,
    }, async () => {
      const page = await openSlowPage(`${shell.url}/login`)
      await page.getByLabel('Email').fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByText(/^welcome /).waitFor()
      await page.getByRole('link', { name: 'Back-office' }).click()
      await page.getByRole('heading', { name: 'All Orders' }).waitFor()
      await page.close()
      expect(pageErrors).toEqual([])
    })

    it('says the server refused, not that it is unreachable, when the API does not allow the address', async () => {
      // This gateway allows the shell on localhost only; the page is opened on 127.0.0.1.
      const page = await openSlowPage(`http://127.0.0.1:${shell.port}/login`)
      await page.getByLabel('Email').fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('alert').getByText(apiMessages.refused).waitFor()
      await expect(page.getByText(apiMessages.network).count()).resolves.toBe(0)
      await page.close()
      expect(pageErrors).toEqual([])
    })
  })
})

if (!existsSync(CHROMIUM)) {
  console.warn(
    `[web] browser tests skipped: ${CHROMIUM} not found (install it with: apt-get install -y chromium)`,
  )
}
