/**
 * The first paint (src/firstPaint, build/first-paint.ts) in Chromium against the whole shop: index.html
 * alone paints the storefront frame and, on `/`, the real home hero; React's first render replaces it
 * without a layout shift; and the page's first API read, started by index.html, is the one the page uses
 * (web-client's early-request seam), so it is asked for once.
 */
import { formatRupees } from '@medstore/ui'
import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import kit from '../../packages/ui/src/locales/en.json'
import { hasChromium, openPage, type Shop, useShopInBrowser } from '../../test/browser/index.ts'

/** The hero's texts as an English page shows them (the kit's catalogue). */
const homeHeroCopy = {
  title: kit['hero.title'],
  lead: kit['hero.lead'],
  searchLabel: kit['hero.searchLabel'],
}

const SLOW = 90_000

describe.skipIf(!hasChromium)('the first paint', () => {
  let shop: Shop
  let browser: Browser

  useShopInBrowser((started) => {
    ;({ shop, browser } = started)
  })

  it(
    "paints the frame and the home hero from the HTML alone, before any of the app's code",
    async () => {
      for (const width of [360, 1280]) {
        // A bare page (the harness's waits for the app's takeover): the app's scripts never arrive, what
        // shows is index.html's own.
        const page = await browser.newPage({ viewport: { width, height: 800 } })
        await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort())
        await page.goto(`${shop.shellUrl}/`)
        await expect.poll(() => page.locator('h1').textContent()).toBe(homeHeroCopy.title)
        expect(await page.getByText(homeHeroCopy.lead).isVisible()).toBe(true)
        expect(await page.getByRole('searchbox').or(page.getByRole('textbox')).first().isVisible()).toBe(true)
        expect(await page.getByRole('banner').getByRole('link', { name: 'Medicine Store' }).isVisible()).toBe(
          true,
        )
        expect(await page.getByRole('button', { name: 'Cart', exact: true }).count()).toBe(1)
        expect(await page.locator('footer').count()).toBe(1)
        // Nothing of React's: no remote area, no page from mfe-store.
        expect(await page.locator('[data-remote-area], [data-remote]').count()).toBe(0)
        expect(await page.locator('#root').getAttribute('data-first-paint')).toBe('home')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.close()
      }
    },
    SLOW,
  )

  it(
    'shows the frame with a loading box on a page without a paint of its own, and nothing on back-office paths',
    async () => {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } })
      await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort())
      // A page whose remote declares no paint of its own (/products has one: the next tests).
      await page.goto(`${shop.shellUrl}/allShop`)
      expect(await page.getByRole('status').textContent()).toBe('Loading…')
      expect(await page.locator('h1').count()).toBe(0)
      expect(await page.getByRole('banner').count()).toBe(1)
      await page.goto(`${shop.shellUrl}/vendor/allOrders`)
      expect(await page.locator('#root').innerHTML()).toBe('')
      await page.close()
    },
    SLOW,
  )

  it(
    "is replaced by React's first render without anything moving",
    async () => {
      for (const width of [360, 1280]) {
        const page = await openPage(browser, 'about:blank', { width })
        await page.addInitScript(() => {
          const seen = {
            shift: 0,
            painted: undefined as DOMRect | undefined,
            node: undefined as Element | undefined,
          }
          ;(window as unknown as { firstPaint: typeof seen }).firstPaint = seen
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) seen.shift += (entry as unknown as { value: number }).value
          }).observe({ type: 'layout-shift', buffered: true })
          document.addEventListener('DOMContentLoaded', () => {
            seen.node = document.querySelector('h1') ?? undefined
            seen.painted = seen.node?.getBoundingClientRect()
          })
        })
        // The product grid's answer never comes: its cards arriving later push the contact box down at
        // 1280 px, which is the grid's doing, not the takeover's.
        await page.route(/\/product\?/, () => {})
        await page.goto(`${shop.shellUrl}/`)
        // React's Home (mfe-store) is in: the painted hero was replaced by the kit's hero React drew.
        await page.locator('[data-remote="mfe_store"] h1').waitFor()
        await page.getByRole('combobox', { name: homeHeroCopy.searchLabel }).waitFor()
        await page.waitForTimeout(500)
        const result = await page.evaluate(() => {
          const seen = (
            window as unknown as { firstPaint: { shift: number; painted?: DOMRect; node?: Element } }
          ).firstPaint
          const h1 = document.querySelector('h1')
          const now = h1?.getBoundingClientRect()
          return {
            replaced: seen.node !== undefined && !seen.node.isConnected,
            painted: seen.painted && [
              seen.painted.x,
              seen.painted.y,
              seen.painted.width,
              seen.painted.height,
            ],
            now: now && [now.x, now.y, now.width, now.height],
            shift: seen.shift,
          }
        })
        expect(result.replaced).toBe(true)
        expect(await page.locator('#root').getAttribute('data-first-paint')).toBeNull()
        expect(result.now).toEqual(result.painted)
        expect(result.shift).toBe(0)
        expect(page.problems).toEqual([])
        await page.close()
      }
    },
    SLOW,
  )

  it(
    "paints a remote's data page from its early read before any of the app's code: the API's products",
    async () => {
      const listed = (await (await fetch(`${shop.gatewayUrl}/product?page=1&limit=24`)).json()) as {
        products: { _id: string; name: string; price: number; thumbnail: string; picture: string }[]
      }
      for (const width of [360, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 800 } })
        await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort())
        await page.goto(`${shop.shellUrl}/products`)
        const cards = page.locator('ul[aria-label="Products"] > li')
        await expect.poll(() => cards.count()).toBe(listed.products.length)
        expect(await cards.locator('h3').allTextContents()).toEqual(listed.products.map((p) => p.name))
        expect(
          await cards.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src'))),
        ).toEqual(listed.products.map((p) => p.thumbnail))
        const first = listed.products[0] as (typeof listed.products)[number]
        expect(await cards.first().getByText(formatRupees(first.price), { exact: true }).count()).toBe(1)
        // Only the first row's pictures load at once, as on React's page.
        expect(await cards.locator('img[loading="eager"]').count()).toBe(4)
        expect(await page.getByRole('heading', { name: 'All products' }).isVisible()).toBe(true)
        expect(await page.getByRole('status').count()).toBe(0)
        expect(await page.locator('#root').getAttribute('data-first-paint-content')).toBe('')
        // What the stand-in data cannot say (the count, whether each is in stock) keeps its room, unseen.
        expect(await cards.first().getByRole('button').isVisible()).toBe(false)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.close()
      }
      // The product page: its picture, name and price.
      const product = listed.products[1] as (typeof listed.products)[number]
      const page = await browser.newPage({ viewport: { width: 360, height: 800 } })
      await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort())
      await page.goto(`${shop.shellUrl}/productDetails?productId=${product._id}`)
      await expect.poll(() => page.locator('main h1').textContent()).toBe(product.name)
      expect(await page.getByRole('img', { name: product.name }).getAttribute('src')).toBe(product.picture)
      expect(await page.getByText(formatRupees(product.price), { exact: true }).count()).toBe(1)
      await page.close()
    },
    SLOW,
  )

  it(
    "hands the painted page to React's same page: no Loading box between, nothing moves, app code after the pictures",
    async () => {
      for (const width of [360, 1280]) {
        const page = await openPage(browser, 'about:blank', { width })
        await page.addInitScript(() => {
          const seen = { shift: 0, loadingAfterPaint: false, painted: undefined as number[] | undefined }
          ;(window as unknown as { firstPaint: typeof seen }).firstPaint = seen
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) seen.shift += (entry as unknown as { value: number }).value
          }).observe({ type: 'layout-shift', buffered: true })
          new MutationObserver(() => {
            const root = document.getElementById('root')
            if (!root) return
            const img = root.querySelector('ul[aria-label="Products"] img')
            if (!seen.painted && img && root.hasAttribute('data-first-paint-content')) {
              const box = img.getBoundingClientRect()
              seen.painted = [box.x, box.y, box.width, box.height]
            }
            if (seen.painted && root.querySelector('main [role="status"]')) seen.loadingAfterPaint = true
          }).observe(document, { subtree: true, childList: true, attributes: true })
        })
        await page.goto(`${shop.shellUrl}/products`)
        await page.locator('[data-remote="mfe_store"] ul[aria-label="Products"] li').first().waitFor()
        await expect.poll(() => page.locator('#root').getAttribute('data-first-paint-content')).toBeNull()
        await page.waitForTimeout(300)
        const result = await page.evaluate(() => {
          const seen = (
            window as unknown as {
              firstPaint: { shift: number; loadingAfterPaint: boolean; painted?: number[] }
            }
          ).firstPaint
          const img = document.querySelector<HTMLImageElement>('ul[aria-label="Products"] img')
          const box = img?.getBoundingClientRect()
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
          const picture = resources.find((entry) => entry.name === img?.src)
          const main = resources.find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name))
          return {
            ...seen,
            now: box && [box.x, box.y, box.width, box.height],
            pictureLoaded: picture?.responseEnd,
            mainStarted: main?.startTime,
          }
        })
        expect(result.painted).toBeDefined()
        expect(result.now).toEqual(result.painted)
        expect(result.loadingAfterPaint).toBe(false)
        expect(result.shift).toBe(0)
        expect(result.mainStarted).toBeGreaterThanOrEqual(result.pictureLoaded ?? Number.POSITIVE_INFINITY)
        expect(page.problems).toEqual([])
        await page.close()
      }
    },
    SLOW,
  )

  it(
    "asks for a page's first read once: index.html starts it and the page takes its answer",
    async () => {
      const page = await openPage(browser, 'about:blank', { width: 360 })
      const reads: string[] = []
      page.on('request', (request) => {
        if (request.url().startsWith(shop.gatewayUrl) && request.method() === 'GET') reads.push(request.url())
      })
      await page.goto(`${shop.shellUrl}/products`)
      await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor()
      const firstPage = reads.filter((url) => url.endsWith('/product?page=1&limit=24'))
      expect(firstPage).toHaveLength(1)
      // The first card's picture was asked for at high priority as soon as that answer was in.
      const preloaded = await page.evaluate(
        () =>
          document.querySelector('link[rel="preload"][as="image"]')?.getAttribute('fetchpriority') ?? null,
      )
      expect(preloaded).toBe('high')
      const firstCard = await page.locator('ul[aria-label="Products"] img').first().getAttribute('src')
      expect(await page.locator(`link[rel="preload"][as="image"][href="${firstCard}"]`).count()).toBe(1)

      // A page URL with a parameter the declared read does not use: the page's own read, still once.
      reads.length = 0
      await page.goto(`${shop.shellUrl}/products?category=Ayurveda`)
      await page.getByRole('heading', { name: 'All products' }).waitFor()
      await expect.poll(() => reads.filter((url) => url.includes('/product?')).length).toBe(1)
      expect(reads.filter((url) => url.endsWith('/product?page=1&limit=24'))).toHaveLength(0)
      expect(page.problems).toEqual([])
      await page.close()
    },
    SLOW,
  )

  it(
    'starts a read that needs a sign-in only for a signed-in visitor: a guest on /checkout asks for no cart',
    async () => {
      const page = await openPage(browser, 'about:blank', { width: 360 })
      const carts: string[] = []
      page.on('request', (request) => {
        if (request.url() === `${shop.gatewayUrl}/cart`) carts.push(request.url())
      })
      await page.goto(`${shop.shellUrl}/checkout`)
      await page.getByRole('link', { name: 'sign in', exact: true }).waitFor()
      await page.waitForLoadState('networkidle')
      expect(carts).toEqual([])
      // Before: the declared `GET /cart` went out without a token, and its 401 was a console error.
      expect(page.problems).toEqual([])
      await page.close()
    },
    SLOW,
  )

  it(
    "starts the page's remote code from the HTML alone, and the app uses what it fetched: each file once, routes.json too",
    async () => {
      const store = `${shop.remotes.get('mfe_store')?.url}/`
      const code = (requested: string[]) => ({
        manifest: requested.filter((url) => url === `${store}mf-manifest.json`).length,
        remoteEntry: requested.filter((url) => url === `${store}remoteEntry.js`).length,
        routes: requested.filter((url) => /\/__federation_expose_routes\.[0-9a-f]+\.js$/.test(url)).length,
      })
      const bare = await browser.newPage({ viewport: { width: 360, height: 740 } })
      const beforeTheApp: string[] = []
      bare.on('request', (request) => beforeTheApp.push(request.url()))
      // The shell's entry never arrives: only index.html's own script can ask for the remote's code.
      await bare.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort())
      await bare.goto(`${shop.shellUrl}/products`)
      await expect.poll(() => code(beforeTheApp)).toEqual({ manifest: 1, remoteEntry: 1, routes: 1 })
      await bare.close()

      const page = await openPage(browser, 'about:blank', { width: 360 })
      const requested: string[] = []
      page.on('request', (request) => requested.push(request.url()))
      await page.goto(`${shop.shellUrl}/products`)
      await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor()
      expect(code(requested)).toEqual({ manifest: 1, remoteEntry: 1, routes: 1 })
      // The page's remote's routes.json: read by index.html, and the account menu takes that answer.
      // Checkout's, which index.html had no reason to read, is read by the menu after the page's load.
      const checkout = `${shop.remotes.get('mfe_checkout')?.url}/`
      await expect.poll(() => requested.filter((url) => url === `${checkout}routes.json`).length).toBe(1)
      expect(requested.filter((url) => url === `${store}routes.json`)).toHaveLength(1)
      expect(page.problems).toEqual([])
      await page.close()
    },
    SLOW,
  )
})
