/**
 * Independent delivery of a remote, in Chromium: while the shop (and its shell server) keeps running,
 * a new version of mfe-vendor with a panel the shell has never heard of (a route and its sidebar entry)
 * is built and served at a new address, the running shell's `/remotes.json` is pointed at it (as
 * REMOTE_VENDOR_URL does in production), and the next page load shows the new panel, in the sidebar and
 * the top bar too; the shell is neither rebuilt nor restarted. Pointing the table back at the previous
 * version rolls the remote back the same way.
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { remoteApps, shellApp } from '@medstore/mf-config/apps'
import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StaticServer } from '../../scripts/serve-static.ts'
import {
  hasChromium,
  openPage,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  signInAdmin,
} from '../../test/browser/index.ts'
import { useNextVersionOf } from '../../test/browser/next-version.ts'
import { navigation } from '../src/pages.ts'

const vendorApp = remoteApps.find((app) => app.id === 'mfe-vendor')
if (!vendorApp) throw new Error('mfe-vendor is not in the web-app table')

/** The route the new version adds: two segments, so no route of the current version matches it. */
const NEW_ROUTE = '/vendor/release/:version'

/** The new panel's entry in the back-office sidebar, after the current ones. */
const NEW_ENTRY = { path: '/vendor/release/7', label: 'Release notes', order: 1_000 }

/**
 * What the test changes in its copy of mfe-vendor: one screen more and its sidebar entry, exposed through
 * the same `./routes`.
 */
const nextVersion = {
  files: {
    'src/next-routes.tsx': `import type { ReactNode } from 'react'
import { useParams } from 'react-router-dom'
import { routes as current, navigation as currentNavigation } from './routes.tsx'

export const navigation = [...currentNavigation, ${JSON.stringify(NEW_ENTRY)}]

function ReleaseNotes() {
  const { version } = useParams()
  return <h1>Back-office release {version}</h1>
}

export const routes: Readonly<Record<string, ReactNode>> = { ...current, '${NEW_ROUTE}': <ReleaseNotes /> }
`,
  },
  rspackConfig: `import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig } from '@medstore/mf-config'
import { vendorRoutePaths } from './src/routePaths.ts'

export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  routes: [...vendorRoutePaths, '${NEW_ROUTE}'],
  exposes: { './routes': './src/next-routes.tsx' },
})
`,
}

/** When the shell's build was last written: it must not change while a remote is redeployed. */
const shellBuiltAt = async () => (await stat(path.join(shellApp.dir, 'dist', 'index.html'))).mtimeMs

describe.skipIf(!hasChromium)('redeploying mfe-vendor alone', () => {
  let shop: Shop
  let browser: Browser
  let admin: StoredProfile
  let next: StaticServer

  useNextVersionOf(vendorApp, nextVersion, (running) => {
    ;({ shop, browser, next } = running)
  })
  beforeAll(async () => {
    admin = await signInAdmin(shop.gatewayUrl)
  })

  it('serves a new route of the new version on the next page load, then rolls back, with the same shell', async () => {
    const builtAt = await shellBuiltAt()
    const previous = (await (await fetch(`${shop.shellUrl}/remotes.json`)).json()).mfe_vendor.entry as string
    const releasePage = `${shop.shellUrl}/vendor/release/7`

    // The version running now has no such route: the shell's server says 404, the page says not found.
    expect((await fetch(releasePage)).status).toBe(404)
    const before = await openPage(browser, releasePage, { profile: admin })
    await before.getByRole('heading', { name: 'Page not found' }).waitFor()
    await before.close()

    // Deploy: the running shell's table now points at the new version (no shell build, no restart).
    shop.moveRemote('mfe_vendor', `${next.url}/mf-manifest.json`)
    expect((await fetch(releasePage)).status).toBe(200)
    const page = await openPage(browser, releasePage, { profile: admin })
    const fromNext: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(next.url)) fromNext.push(request.url())
    })
    await page.getByRole('heading', { name: 'Back-office release 7' }).waitFor()
    await saveScreenshot(page, 'redeployed-vendor-route')
    // The existing panels come from the new version too, inside the shell's back-office frame.
    await page.goto(`${shop.shellUrl}/vendor/categories`)
    await page.getByRole('button', { name: 'Add Category' }).waitFor()
    // The running shell's sidebar lists the new panel after the others, and it opens with its title.
    const sidebar = page.getByRole('navigation', { name: 'Back-office' })
    await sidebar.getByRole('link', { name: NEW_ENTRY.label }).waitFor()
    expect(await sidebar.getByRole('listitem').allTextContents()).toEqual([
      ...navigation.map((entry) => entry.label),
      NEW_ENTRY.label,
    ])
    await saveScreenshot(page, 'redeployed-vendor-sidebar')
    await sidebar.getByRole('link', { name: NEW_ENTRY.label }).click()
    await page.getByRole('heading', { name: 'Back-office release 7' }).waitFor()
    await page.getByRole('banner').getByText(NEW_ENTRY.label, { exact: true }).waitFor()
    expect(fromNext.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true)
    expect(page.problems).toEqual([])
    await page.close()

    // Roll back: point the table at the previous version; its routes are the ones served again.
    shop.moveRemote('mfe_vendor', previous)
    expect((await fetch(releasePage)).status).toBe(404)
    const rolledBack = await openPage(browser, releasePage, { profile: admin })
    await rolledBack.getByRole('heading', { name: 'Page not found' }).waitFor()
    const oldSidebar = rolledBack.getByRole('navigation', { name: 'Back-office' })
    await oldSidebar.getByRole('link', { name: navigation[0]?.label }).waitFor()
    expect(await oldSidebar.getByRole('listitem').allTextContents()).toEqual(
      navigation.map((entry) => entry.label),
    )
    await rolledBack.close()

    expect(await shellBuiltAt()).toBe(builtAt)
  })
})
