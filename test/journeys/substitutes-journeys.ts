/**
 * Issue 33's substitutes in Chromium: a shopper opens a branded medicine, sees the medicines with the same
 * composition cheapest per unit first with what each saves, adds one to the cart and switches to it; a
 * product without a composition says it has none. Screenshots of the product page (facts, substitutes,
 * PIN check) at 360 and 1280 px, with axe and no sideways scroll. Run by journeys.test.ts on its shop and
 * browser.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callGateway,
  horizontalOverflow,
  openPage,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  seriousAxeProblems,
  signInAdmin,
  signUpCustomer,
} from '../browser/index.ts'
import { checkPin, weekdayDate } from './delivery-journeys.ts'
import { step } from './report.ts'

interface Product {
  _id: string
  name: string
}

/** The substitutes journeys, registered in the caller's describe; `running` gives its shop and browser. */
export function substitutesJourneys(running: () => { shop: Shop; browser: Browser }) {
  describe('substitutes', () => {
    let shop: Shop
    let browser: Browser
    let admin: StoredProfile
    /** A third Paracetamol 650 mg, in a bigger strip: the demo catalogue pairs a brand with one generic. */
    let bigStrip: Product

    const api = <T>(method: string, path: string, who?: StoredProfile, body?: unknown) =>
      callGateway<T>(shop.gatewayUrl, method, path, who, body)
    const productNamed = async (name: string) =>
      (await api<Product[]>('GET', `/product?q=${encodeURIComponent(name)}`)).find((p) => p.name === name)!

    beforeAll(async () => {
      ;({ shop, browser } = running())
      admin = (await signInAdmin(shop.gatewayUrl)) as StoredProfile
      bigStrip = await api<Product>('POST', '/product', admin, {
        name: 'Fevarest 650 Tablet',
        category: 'Pain & Fever',
        price: 50, // ₹2.50 a tablet: dearer per unit than the generic, cheaper than the brand
        mrp: 56,
        description: 'Strip of 20 tablets of paracetamol 650 mg.',
        stock: 40,
        composition: 'Paracetamol 650 mg',
        manufacturer: 'Sahyadri Remedies Pvt Ltd',
        pack: 'strip of 20 tablets',
        packUnits: 20,
      })
    })
    afterAll(async () => {
      if (bigStrip) await api('DELETE', `/product?productId=${bigStrip._id}`, admin)
    })

    it('a shopper opens a brand, sees the same composition cheapest per unit first, adds one and switches to it', {
      timeout: 240_000,
    }, async () => {
      const customer = await signUpCustomer(shop.gatewayUrl)
      const brand = await productNamed('Pyrexon 650 Tablet')
      const page = await openPage(browser, `${shop.shellUrl}/productDetails?productId=${brand._id}`, {
        profile: customer,
        width: 1280,
      })
      const list = page.getByRole('list', { name: 'Substitutes with the same composition' })
      await step('the brand: its facts, and its substitutes cheapest per unit first', [page], async () => {
        await page.getByRole('heading', { level: 1, name: 'Pyrexon 650 Tablet' }).waitFor()
        const facts = page.getByRole('definition').filter({ hasText: 'Paracetamol 650 mg' })
        await facts.first().waitFor()
        await list.waitFor()
        const rows = list.getByRole('listitem')
        await expect.poll(() => rows.count()).toBe(2)
        // ₹32.50 for 10 (₹3.25 a tablet) against ₹30.91 for 15 (₹2.06) and ₹50 for 20 (₹2.50).
        expect(await rows.nth(0).getByRole('link').textContent()).toBe('Paracetamol 650 mg Tablet')
        expect(await rows.nth(0).textContent()).toContain('₹2.06 per unit')
        expect(await rows.nth(0).textContent()).toContain('Save 36%')
        expect(await rows.nth(1).getByRole('link').textContent()).toBe('Fevarest 650 Tablet')
        expect(await rows.nth(1).textContent()).toContain('₹2.50 per unit')
        expect(await rows.nth(1).textContent()).toContain('Save 23%')
      })

      await step(
        'the product page at 1280 and 360 px: facts, substitutes and the PIN check',
        [page],
        async () => {
          const bengaluru = await api<{ deliveryBy: string }>('GET', '/delivery/estimate?pincode=560001')
          await checkPin(page, '560001', `Delivery by ${weekdayDate(bengaluru.deliveryBy)}`)
          for (const width of [1280, 360]) {
            await page.setViewportSize({ width, height: width < 500 ? 740 : 800 })
            await saveScreenshot(page, 'substitutes-product-page')
            expect(await horizontalOverflow(page), `overflows at ${width} px`).toBe(0)
            expect(await seriousAxeProblems(page, 'section[data-remote="mfe_store"]')).toEqual([])
          }
        },
      )

      await step('adds the cheapest substitute to the cart, then switches to it', [page], async () => {
        await list.getByRole('button', { name: 'Add to Cart: Paracetamol 650 mg Tablet' }).click()
        await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor()
        const { cart } = await api<{ cart: { items: { productId: { name: string } }[] } }>(
          'GET',
          '/cart',
          customer,
        )
        expect(cart.items.map((item) => item.productId.name)).toEqual(['Paracetamol 650 mg Tablet'])
        await list.getByRole('link', { name: 'Paracetamol 650 mg Tablet' }).click()
        await page.getByRole('heading', { level: 1, name: 'Paracetamol 650 mg Tablet' }).waitFor()
        // The cheapest per unit itself: its substitutes save nothing, so none says 'Save'.
        const rows = page
          .getByRole('list', { name: 'Substitutes with the same composition' })
          .getByRole('listitem')
        await expect.poll(() => rows.count()).toBe(2)
        expect(await rows.allTextContents()).not.toEqual(
          expect.arrayContaining([expect.stringContaining('Save')]),
        )
        expect(page.problems).toEqual([])
      })
      await page.close()
    })

    it('a product without a composition says it has no substitutes', { timeout: 120_000 }, async () => {
      const herb = await productNamed('Ashwagandha Churna 100 g')
      const page = await openPage(browser, `${shop.shellUrl}/productDetails?productId=${herb._id}`, {
        width: 360,
      })
      await page.getByRole('heading', { level: 1, name: 'Ashwagandha Churna 100 g' }).waitFor()
      await page.getByText('No substitutes with the same composition').waitFor()
      await saveScreenshot(page, 'substitutes-none')
      expect(await horizontalOverflow(page)).toBe(0)
      expect(page.problems).toEqual([])
      await page.close()
    })
  })
}
