/**
 * The shop under its Content-Security-Policy (scripts/lib/front-end-csp.ts), in Chromium against the whole
 * shop: the shell page carries the policy, the remotes load, product pictures come from the API, the
 * back-office previews a chosen picture (blob:), and the browser reports no violation anywhere.
 */
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  hasChromium,
  openPage,
  type Shop,
  signInAdmin,
  signUpCustomer,
  type TestPage,
  useShopInBrowser,
} from '../../test/browser/index.ts'

const SLOW = 90_000

/** Every `securitypolicyviolation` the page sees, recorded from before the first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.context().addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    )
  })
  return () => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])
}

/**
 * Opens a page, then loads it again with the violation watch in place from its first script on (the
 * harness opens the URL at once; about:blank first would break its stored-profile script).
 */
async function openWatched(browser: Browser, url: string, options: Parameters<typeof openPage>[2] = {}) {
  const page = await openPage(browser, url, options)
  const violations = await watchViolations(page)
  const response = await page.goto(url)
  return { page, violations, csp: response?.headers()['content-security-policy'] ?? '' }
}

const cspProblems = (page: TestPage) =>
  page.problems.filter((p) => /Content Security Policy|Refused to/i.test(p))

describe.skipIf(!hasChromium)('the shop under its Content-Security-Policy', () => {
  let shop: Shop
  let browser: Browser

  useShopInBrowser((started) => {
    ;({ shop, browser } = started)
  })

  it('loads the store remote and the API’s product pictures with no violation', {
    timeout: SLOW,
  }, async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const { page, violations, csp } = await openWatched(browser, `${shop.shellUrl}/`, { profile: customer })
    // Itself, the first paint's inline script by its hash, the remotes.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' http:\/\/[^ ;]+:\d+/)
    expect(csp).toContain(new URL(shop.gatewayUrl).origin)
    expect(csp).toContain("frame-ancestors 'none'")
    // A product card's picture, served by the gateway, has loaded.
    const picture = page.locator(`main img[src^="${new URL(shop.gatewayUrl).origin}"]`).first()
    await picture.waitFor({ timeout: SLOW })
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: SLOW })
      .toBeGreaterThan(0)
    await page.goto(`${shop.shellUrl}/products`)
    await page.locator('main img').first().waitFor({ timeout: SLOW })
    expect(await violations()).toEqual([])
    expect(cspProblems(page)).toEqual([])
    expect(page.problems).toEqual([])
  })

  it('runs the back-office remote and previews a chosen picture with no violation', {
    timeout: SLOW,
  }, async () => {
    const admin = await signInAdmin(shop.gatewayUrl)
    const { page, violations } = await openWatched(browser, `${shop.shellUrl}/vendor/allProducts`, {
      profile: admin,
    })
    await page
      .getByRole('button', { name: /add a new product/i })
      .first()
      .click({ timeout: SLOW })
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#38a' } })
      .png()
      .toBuffer()
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: png })
    await page.locator('img[src^="blob:"]').first().waitFor({ timeout: SLOW })
    expect(await violations()).toEqual([])
    expect(cspProblems(page)).toEqual([])
  })
})
