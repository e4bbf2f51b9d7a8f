/**
 * The account menu follows the remotes, in Chromium: while the shop keeps running, a new version of
 * mfe-checkout whose page records declare one more account page is built and served at a new address and
 * the running shell's `/remotes.json` is pointed at it; the next page load's user menu lists that entry in
 * its place, in the same shell build. With mfe-checkout down its entries are absent, the shell's own
 * (Account security, Log Out) stay, and the home page still works. Pointing back rolls it back. A guest
 * who signs in finds the entries in the menu the first time it opens (read once the page loaded).
 */
import { readFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { remoteApps, shellApp } from '@medstore/mf-config/apps'
import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { CUSTOMER_PASSWORD } from '../../gateway/test/support.ts'
import type { StaticServer } from '../../scripts/serve-static.ts'
import {
  hasChromium,
  openPage,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  signUpCustomer,
} from '../../test/browser/index.ts'
import { useNextVersionOf } from '../../test/browser/next-version.ts'

const checkoutApp = remoteApps.find((app) => app.id === 'mfe-checkout')
if (!checkoutApp) throw new Error('mfe-checkout is not in the web-app table')

/** The new version's catalogues: the current ones and the new entry's text. */
const catalogue = (language: string, text: string) => {
  const current = JSON.parse(
    readFileSync(path.join(checkoutApp.dir, 'src', 'locales', `${language}.json`), 'utf8'),
  )
  return `${JSON.stringify({ ...current, 'accountMenu.returns': text }, null, 2)}\n`
}

/** One page record more (between My Orders and My Prescriptions); nothing else changes. */
const nextVersion = {
  files: {
    'src/locales/en.json': catalogue('en', 'My Returns'),
    'src/locales/hi.json': catalogue('hi', 'मेरी वापसी'),
  },
  rspackConfig: `import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWebConfig, pageOptions } from '@medstore/mf-config'
import { checkoutPages } from './src/pages.ts'

export default createWebConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  ...pageOptions({
    ...checkoutPages,
    '/my-orders/returns': { account: { message: 'accountMenu.returns', order: 15 } },
  }),
  exposes: {
    './routes': './src/routes.tsx',
    './CartPanel': './src/CartPanel.tsx',
    './CartSync': './src/CartSync.tsx',
  },
})
`,
}

describe.skipIf(!hasChromium)(
  "the account menu lists mfe-checkout's published entries, redeployed without the shell",
  () => {
    let shop: Shop
    let browser: Browser
    let customer: StoredProfile
    let next: StaticServer

    useNextVersionOf(checkoutApp, nextVersion, (running) => {
      ;({ shop, browser, next } = running)
    })
    beforeAll(async () => {
      customer = await signUpCustomer(shop.gatewayUrl)
    })

    /** The user menu's entries on a fresh load of the home page, opened by keyboard. */
    async function menuEntries(screenshot?: string): Promise<string[]> {
      const page = await openPage(browser, `${shop.shellUrl}/`, { width: 1280, profile: customer })
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
      const button = page.getByRole('button', { name: customer.userInfo.name })
      await button.focus()
      await page.keyboard.press('Enter')
      const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`)
      await menu.getByRole('button', { name: 'Log Out' }).waitFor()
      if (screenshot) await saveScreenshot(page, screenshot)
      const entries = await menu.getByRole('listitem').allTextContents()
      // Focus lands on the menu's first entry, whichever it is.
      const first = await page.evaluate(() => document.activeElement?.textContent ?? '')
      expect(first).toBe(entries[0])
      await page.close()
      return entries
    }

    it("lists the new version's entry on the next load; none of the remote's while it is down; then rolls back", async () => {
      const shellBuiltAt = async () => (await stat(path.join(shellApp.dir, 'dist', 'index.html'))).mtimeMs
      const builtAt = await shellBuiltAt()
      const previous = (await (await fetch(`${shop.shellUrl}/remotes.json`)).json()).mfe_checkout
        .entry as string
      const current = ['My Orders', 'My Prescriptions', 'Account security', 'Log Out']
      expect(await menuEntries()).toEqual(current)

      shop.moveRemote('mfe_checkout', `${next.url}/mf-manifest.json`)
      expect(await menuEntries('redeployed-checkout-account-menu')).toEqual([
        'My Orders',
        'My Returns',
        'My Prescriptions',
        'Account security',
        'Log Out',
      ])

      // Down: nothing answers at its address (a closed port).
      shop.moveRemote('mfe_checkout', 'http://127.0.0.1:9/mf-manifest.json')
      expect(await menuEntries()).toEqual(['Account security', 'Log Out'])

      shop.moveRemote('mfe_checkout', previous)
      expect(await menuEntries()).toEqual(current)
      expect(await shellBuiltAt()).toBe(builtAt)
    })

    it("a guest's page reads the entries once loaded: signing in, the menu holds them when first opened", async () => {
      const page = await openPage(browser, `${shop.shellUrl}/login`, { width: 1280 })
      await page.getByLabel('Email').fill(customer.userInfo.email)
      await page.getByLabel('Password').fill(CUSTOMER_PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      const button = page.getByRole('button', { name: customer.userInfo.name })
      await button.click()
      const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`)
      expect(await menu.getByRole('listitem').allTextContents()).toEqual([
        'My Orders',
        'My Prescriptions',
        'Account security',
        'Log Out',
      ])
      await page.close()
    })
  },
)
