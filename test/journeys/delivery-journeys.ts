/**
 * Issue 33's delivery promise in Chromium: a shopper checks a PIN code on a product page, checks out to it
 * (the PIN code fills in city and state) and sees the promised day on the confirmation page; the
 * administrator changes where we deliver in the back-office's Delivery panel and the product page follows.
 * Run by journeys.test.ts on its shop and browser (a shop of its own cost CI about four minutes); screenshots
 * of each screen at 360 and 1280 px.
 */
import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type DemoProduct,
  horizontalOverflow,
  openPage,
  orderableProducts,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  seriousAxeProblems,
  signInAdmin,
  signUpCustomer,
  type TestPage,
} from '../browser/index.ts'

type Product = DemoProduct
interface Estimate {
  city: string
  state: string
  served: boolean
  deliveryBy: string | null
}

/** 'Tuesday, 15 December 2026': a promised day as the shop writes it in English. */
export const weekdayDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00+05:30`))

/** Types a PIN code into the product page's delivery check and waits for its answer. */
export async function checkPin(page: TestPage, pincode: string, answer: string | RegExp) {
  const check = page.getByRole('form', { name: 'Check delivery' })
  await check.getByLabel('PIN code').fill(pincode)
  await check.getByRole('button', { name: 'Check' }).click()
  // The answer, or the field's own message for a malformed code.
  await page.getByRole('region', { name: 'Check delivery' }).getByText(answer).waitFor()
}

/** The delivery journeys, registered in the caller's describe; `running` gives its shop and browser. */
export function deliveryJourneys(running: () => { shop: Shop; browser: Browser }) {
  describe('the delivery promise', () => {
    let shop: Shop
    let browser: Browser
    let product: Product
    const TIMEOUT = 240_000

    const estimate = async (pincode: string) =>
      (await (await fetch(`${shop.gatewayUrl}/delivery/estimate?pincode=${pincode}`)).json()) as Estimate

    async function looksRight(page: TestPage, name: string, where: string) {
      await saveScreenshot(page, name)
      expect(await horizontalOverflow(page), `${name} overflows at ${page.viewportSize()?.width} px`).toBe(0)
      expect(await seriousAxeProblems(page, where)).toEqual([])
    }

    beforeAll(async () => {
      ;({ shop, browser } = running())
      product = (await orderableProducts(shop.gatewayUrl))[0]!
      expect(product).toBeDefined()
    })

    it(
      'promises a day on the product page, fills city and state at checkout and keeps the promise on the order',
      async () => {
        const customer = await signUpCustomer(shop.gatewayUrl)
        const page = await openPage(browser, `${shop.shellUrl}/productDetails?productId=${product._id}`, {
          profile: customer,
          width: 360,
        })
        await page.getByRole('heading', { name: product.name }).waitFor()

        // Malformed, unknown and unserved PIN codes each say so.
        await checkPin(page, '5600', 'Enter a 6-digit PIN code')
        await checkPin(page, '999999', "We don't know this PIN code (999999). Please check it.")
        await checkPin(
          page,
          '744101',
          /do not deliver to 744101 \(South Andaman, Andaman & Nicobar Islands\)/,
        )

        const bengaluru = await estimate('560001')
        expect(bengaluru).toMatchObject({ city: 'Bangalore', state: 'Karnataka', served: true })
        await checkPin(page, '560001', `Delivery by ${weekdayDate(bengaluru.deliveryBy!)}`)
        await page.getByText('To Bangalore, Karnataka · Express delivery (2–4 business days)').waitFor()
        await looksRight(page, 'delivery-product-page', 'section[data-remote="mfe_store"]')
        await page.setViewportSize({ width: 1280, height: 800 })
        await looksRight(page, 'delivery-product-page', 'section[data-remote="mfe_store"]')

        await page.getByRole('button', { name: 'Add To Cart' }).click()
        await page.getByText('Added to cart').first().waitFor()
        await page.goto(`${shop.shellUrl}/checkout`)
        await page.getByRole('heading', { name: 'Enter Shipping Info' }).waitFor()
        // The PIN code checked on the product page is the checkout's; its city and state fill in.
        await expect(page.getByLabel('PIN code', { exact: true }).inputValue()).resolves.toBe('560001')
        await page
          .getByTestId('delivery-promise')
          .getByText(`Delivery by ${weekdayDate(bengaluru.deliveryBy!)}`)
          .waitFor()
        await expect(page.getByLabel('City', { exact: true }).inputValue()).resolves.toBe('Bangalore')
        // The order details say the same day, never a fixed '5–7 business days'.
        await expect(page.getByTestId('checkout-delivery-by').textContent()).resolves.toBe(
          weekdayDate(bengaluru.deliveryBy!),
        )
        await expect(page.getByLabel('State', { exact: true }).inputValue()).resolves.toBe('Karnataka')
        for (const [label, value] of Object.entries({
          'Mobile number': '9876543210',
          'House number': '12',
          Street: 'MG Road',
          'Address line 1': 'Flat 4B, Lotus Apartments',
        }))
          await page.getByLabel(label, { exact: true }).fill(value)
        await looksRight(page, 'delivery-checkout', 'section[data-remote="mfe_checkout"]')
        await page.setViewportSize({ width: 360, height: 740 })
        await looksRight(page, 'delivery-checkout', 'section[data-remote="mfe_checkout"]')

        await page.getByRole('button', { name: 'Place Order' }).click()
        await page.waitForURL('**/checkout/confirmation?orderId=*')
        const orderId = new URL(page.url()).searchParams.get('orderId')!
        const { order } = (await (
          await fetch(`${shop.gatewayUrl}/order/orderById?orderId=${orderId}`, {
            headers: { authorization: `bearer ${customer.token}` },
          })
        ).json()) as { order: { promisedDeliveryDate: string } }
        expect(order.promisedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        await expect(page.getByTestId('promised-delivery').textContent()).resolves.toBe(
          weekdayDate(order.promisedDeliveryDate),
        )
        await saveScreenshot(page, 'delivery-confirmation')
        await page.close()
      },
      TIMEOUT,
    )

    it(
      'lets the administrator stop delivering to a PIN area, and the shop follows',
      async () => {
        const admin = (await signInAdmin(shop.gatewayUrl)) as StoredProfile
        const page = await openPage(browser, `${shop.shellUrl}/vendor/delivery`, {
          profile: admin,
          width: 1280,
        })
        const unserved = page.getByLabel('PIN codes we do not deliver to')
        await expect.poll(() => unserved.inputValue()).toBe('6825, 744')
        await page.getByText('Republic Day').first().waitFor()
        await looksRight(page, 'delivery-panel', 'main')
        await page.setViewportSize({ width: 360, height: 740 })
        await looksRight(page, 'delivery-panel', 'main')

        await unserved.fill('6825, 744, 570')
        await page.getByLabel('Day', { exact: true }).fill('2027-01-14')
        await page.getByLabel('Holiday name').fill('Makar Sankranti')
        await page.getByRole('button', { name: 'Add holiday' }).click()
        await page.getByText('Makar Sankranti').waitFor()
        await page.getByRole('button', { name: 'Save delivery settings' }).click()
        await page.getByText('Delivery settings saved.').first().waitFor()
        await expect(estimate('570001')).resolves.toMatchObject({ city: 'Mysore', served: false })

        const shopper = await openPage(browser, `${shop.shellUrl}/productDetails?productId=${product._id}`, {
          width: 1280,
        })
        await checkPin(shopper, '570001', /do not deliver to 570001/)
        await shopper.close()

        // As it was: the journeys after this one deliver to Mysuru.
        await unserved.fill('6825, 744')
        await page.getByRole('button', { name: 'Save delivery settings' }).click()
        await expect.poll(async () => (await estimate('570001')).served).toBe(true)
        await page.close()
      },
      TIMEOUT,
    )
  })
}
