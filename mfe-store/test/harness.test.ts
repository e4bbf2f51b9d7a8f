import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  hasChromium,
  horizontalOverflow,
  launchChromium,
  openPage,
  type Shop,
  saveScreenshot,
  signUpCustomer,
  startShop,
} from '../../test/browser/index.ts'

describe.skipIf(!hasChromium)('the shop in Chromium (harness)', () => {
  let shop: Shop
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startShop(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.close()
  })

  it('serves home through the shell with the catalogue behind the gateway', async () => {
    const products = (await (await fetch(`${shop.gatewayUrl}/product?limit=5`)).json()) as { total: number }
    expect(products.total).toBeGreaterThan(0)
    const customer = await signUpCustomer(shop.gatewayUrl)
    const page = await openPage(browser, `${shop.shellUrl}/`, { profile: customer, width: 360 })
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await saveScreenshot(page, 'harness-home')
    expect(await horizontalOverflow(page)).toBeGreaterThanOrEqual(0)
    expect(page.problems).toEqual([])
  })
})
