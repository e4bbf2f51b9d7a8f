// The shop in Hindi and back, in Chromium against the real gateway and services (issue 34's "Must show").
import { copyFile, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import kitEnglish from '../../packages/ui/src/locales/en.json'
import kitHindi from '../../packages/ui/src/locales/hi.json'
import {
  appTookOver,
  fillShippingForm,
  hasChromium,
  horizontalOverflow,
  launchChromium,
  openPage,
  placeCashOrder,
  type Shop,
  saveScreenshot,
  seriousAxeProblems,
  signInAdmin,
  signUpCustomer,
  startShop,
} from '../../test/browser/index.ts'
import shellEnglish from '../src/locales/en.json'
import shellHindi from '../src/locales/hi.json'
import pagesHindi from '../src/pages/locales/hi.json'

interface Product {
  _id: string
  name: string
  stock: number
  requiresPrescription: boolean
}

/** Where the owner looks at the screenshots (besides test-results/screenshots). */
const NOTES_SHOTS = '/work/notes/shots/h34hindi'

async function shot(page: Page, name: string) {
  const file = await saveScreenshot(page, name)
  await mkdir(NOTES_SHOTS, { recursive: true }).catch(() => undefined)
  await copyFile(file, path.join(NOTES_SHOTS, path.basename(file))).catch(() => undefined)
}

/** Picks a language with the header's switch (a button named in its own language). */
const choose = (page: Page, name: 'English' | 'हिन्दी') =>
  page.getByRole('button', { name, exact: true }).click()

/** The page in Hindi: <html lang>, no sideways scroll at a phone's width, and axe-core clean. */
async function checkHindi(page: Page, label: string) {
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('hi-IN')
  if ((page.viewportSize()?.width ?? 0) <= 400) expect(await horizontalOverflow(page), label).toBe(0)
  expect(await seriousAxeProblems(page, label)).toEqual([])
}

describe.skipIf(!hasChromium)('the shop in Hindi', () => {
  let shop: Shop
  let browser: Browser
  let product: Product

  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startShop(), launchChromium()])
    const page = (await (await fetch(`${shop.gatewayUrl}/product?limit=40`)).json()) as {
      products: Product[]
    }
    const found = page.products.find((p) => p.stock >= 10 && !p.requiresPrescription)
    if (!found) throw new Error('no over-the-counter product in stock')
    product = found
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.close()
  })

  it('switches home, a product page, checkout and My orders to Hindi and back, remembered on reload', async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const page = await openPage(browser, `${shop.shellUrlByIp}/`, { profile: customer, width: 360 })
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-IN')

    await choose(page, 'हिन्दी')
    await page.getByRole('heading', { name: 'आपकी दवा, आपके घर तक' }).waitFor()
    await page.getByText('हर ऑर्डर पर मुफ़्त डिलीवरी!').waitFor()
    await checkHindi(page, 'home')
    await shot(page, 'hi-home')

    // The choice is this device's: a reload keeps it.
    await page.reload()
    await page.getByRole('heading', { name: 'आपकी दवा, आपके घर तक' }).waitFor()

    await page.goto(`${shop.shellUrlByIp}/productDetails?productId=${product._id}`)
    // The product's name stays as the catalogue has it.
    await page.getByRole('heading', { name: product.name }).waitFor()
    await page.getByRole('tab', { name: 'विवरण' }).waitFor()
    await page.getByRole('button', { name: 'कार्ट में डालें', exact: true }).click()
    await page.getByText('उत्पाद कार्ट में डाल दिया गया').first().waitFor()
    await checkHindi(page, 'product page')
    await shot(page, 'hi-product')

    await page.goto(`${shop.shellUrlByIp}/checkout`)
    await page.getByRole('heading', { name: 'डिलीवरी का पता भरें' }).waitFor()
    await page.getByRole('button', { name: 'ऑर्डर करें' }).waitFor()
    await checkHindi(page, 'checkout')
    await shot(page, 'hi-checkout')

    // Back to English for the order (the shared steps speak the spec's English), then Hindi again.
    await choose(page, 'English')
    await page.getByRole('heading', { name: 'Enter Shipping Info' }).waitFor()
    await fillShippingForm(page)
    const placed = await placeCashOrder(page)

    await page.goto(`${shop.shellUrlByIp}/my-orders`)
    await page.getByRole('heading', { name: 'My orders' }).waitFor()
    await choose(page, 'हिन्दी')
    await page.getByRole('heading', { name: 'मेरे ऑर्डर' }).waitFor()
    await page.getByText('1 ऑर्डर').waitFor()
    const row = page.getByTestId('order-row').first()
    await row.getByText('लंबित').waitFor()
    await expect(row.getByTestId('order-row-total').textContent()).resolves.toBe(placed.total)
    await checkHindi(page, 'my orders')
    await shot(page, 'hi-my-orders')

    // Shipped, the order has its GST tax invoice: downloaded from the order's details, in Hindi.
    const admin = await signInAdmin(shop.gatewayUrl)
    const asCustomer = { headers: { authorization: `bearer ${customer.token}` } }
    const { orders } = (await (await fetch(`${shop.gatewayUrl}/order/user-order`, asCustomer)).json()) as {
      orders: { _id: string; number: string }[]
    }
    const order = orders.find((o) => o.number === placed.number)!
    const shipped = await fetch(`${shop.gatewayUrl}/order?orderId=${order._id}`, {
      method: 'PUT',
      headers: { authorization: `bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'shipped' }),
    })
    expect(shipped.status).toBe(200)
    await page.reload()
    await page.getByRole('button', { name: `ऑर्डर ${order.number} देखें` }).click()
    const details = page.getByRole('dialog')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      details.getByRole('button', { name: 'टैक्स इनवॉइस डाउनलोड करें (PDF)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^MS-\d{4}-\d{2}-\d{6}\.pdf$/)
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    await checkHindi(page, 'my order with its invoice')
    await shot(page, 'hi-my-order-invoice')
    await page.keyboard.press('Escape')

    await choose(page, 'English')
    await page.getByRole('heading', { name: 'My orders' }).waitFor()
    await page.getByText('1 order', { exact: true }).waitFor()
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-IN')
    expect(page.problems).toEqual([])
  })

  it('renders the four pages in Hindi at 1280 px too', async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const page = await openPage(browser, `${shop.shellUrlByIp}/`, { profile: customer, width: 1280 })
    await choose(page, 'हिन्दी')
    await page.getByRole('heading', { name: 'आपकी दवा, आपके घर तक' }).waitFor()
    await checkHindi(page, 'home 1280')
    await shot(page, 'hi-home')
    await page.goto(`${shop.shellUrlByIp}/productDetails?productId=${product._id}`)
    await page.getByRole('button', { name: 'कार्ट में डालें', exact: true }).click()
    await page.getByText('उत्पाद कार्ट में डाल दिया गया').first().waitFor()
    await shot(page, 'hi-product')
    await page.goto(`${shop.shellUrlByIp}/checkout`)
    await page.getByRole('heading', { name: 'डिलीवरी का पता भरें' }).waitFor()
    await checkHindi(page, 'checkout 1280')
    await shot(page, 'hi-checkout')
    await page.goto(`${shop.shellUrlByIp}/my-orders`)
    await page.getByRole('heading', { name: 'मेरे ऑर्डर' }).waitFor()
    await shot(page, 'hi-my-orders')
    expect(page.problems).toEqual([])
  })
  it("loads a Hindi reader's page in Hindi from the first paint on, fetching only the Hindi messages", async () => {
    // The browser asks for Hindi (no choice stored yet): index.html's paint and React's first render are Hindi.
    const context = await browser.newContext({ locale: 'hi-IN', viewport: { width: 360, height: 740 } })
    // Every text the page's headings, header links and buttons and loading boxes ever showed, from the
    // first node the HTML parser inserted on.
    await context.addInitScript(() => {
      const seen = new Set<string>()
      Object.assign(window, { __seenTexts: seen })
      const record = () => {
        for (const element of document.querySelectorAll(
          'h1, h2, header a, header button, [role="status"], label',
        ))
          seen.add((element.textContent ?? '').trim())
      }
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const catalogues: string[] = []
    page.on('request', (request) => {
      const chunk = /\/((?:[a-z]+-)?messages|policies|shell-pages)-([a-z]{2})\.[0-9a-f]+\.js$/.exec(
        new URL(request.url()).pathname,
      )
      if (chunk) catalogues.push(`${new URL(request.url()).port}:${chunk[1]}-${chunk[2]}`)
    })
    try {
      await page.goto(`${shop.shellUrlByIp}/`)
      await appTookOver(page)
      await page.getByRole('heading', { name: kitHindi['hero.title'] }).waitFor()
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('hi-IN')
      // Each page load records afresh: read what `/` showed before opening the next one.
      const seenOnThisPage = () =>
        page.evaluate(() => [...(window as unknown as { __seenTexts: Set<string> }).__seenTexts])
      const seen = await seenOnThisPage()
      await page.goto(`${shop.shellUrlByIp}/terms`)
      await appTookOver(page)
      await page.getByRole('heading', { name: 'नियम और शर्तें' }).waitFor()
      seen.push(...(await seenOnThisPage()))
      // The painted hero was Hindi, and no English text of the shell's or the kit's ever showed.
      expect(seen).toContain(kitHindi['hero.title'])
      const english = [
        ...Object.entries(kitEnglish).filter(
          ([key, text]) => kitHindi[key as keyof typeof kitHindi] !== text,
        ),
        ...Object.entries(shellEnglish).filter(
          ([key, text]) => shellHindi[key as keyof typeof shellHindi] !== text,
        ),
      ]
        .map(([, text]) => text)
        // The kit's server-error entries are empty in English on purpose (the server's own words show).
        .filter((text) => text !== '')
      expect(seen.filter((text) => english.includes(text))).toEqual([])
      expect(seen).not.toContain('Terms and Conditions')

      // Only the Hindi catalogues: the shell's (with the kit's), the store's, the policy pages'.
      expect(catalogues.length).toBeGreaterThanOrEqual(3)
      expect(catalogues.filter((chunk) => !chunk.endsWith('-hi'))).toEqual([])
      expect(catalogues.some((chunk) => chunk.endsWith('policies-hi'))).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('shows registration, its problems and the policy pages in Hindi, at 360 and 1280 px', async () => {
    for (const width of [360, 1280]) {
      const page = await openPage(browser, `${shop.shellUrlByIp}/`, { width, locale: 'hi-IN' })
      await page.getByRole('heading', { name: kitHindi['hero.title'] }).waitFor()
      await checkHindi(page, `home ${width}`)
      await shot(page, 'hi-home-first-visit')

      await page.goto(`${shop.shellUrlByIp}/registration`)
      await page.getByRole('heading', { name: pagesHindi['register.title'] }).waitFor()
      await page.getByLabel(pagesHindi['register.firstName']).waitFor()
      await page.getByRole('link', { name: pagesHindi['register.switch'] }).waitFor()
      // Sent empty: each field's problem, in Hindi.
      await page.getByRole('button', { name: pagesHindi['register.title'], exact: true }).click()
      await page.getByText('पहला नाम ज़रूरी है').waitFor()
      await page.getByText('ई-मेल ज़रूरी है').waitFor()
      await page.getByLabel(pagesHindi['register.phone']).fill('12345')
      await page.getByLabel(pagesHindi['register.phone']).blur()
      await page.getByText('सही भारतीय मोबाइल नंबर लिखें (10 अंक, चाहें तो +91 के साथ)').waitFor()
      await checkHindi(page, `registration ${width}`)
      await shot(page, 'hi-registration')

      // Sign-in's answer to a wrong password, above the form, in Hindi.
      await page.goto(`${shop.shellUrlByIp}/login`)
      await page.getByLabel(pagesHindi['login.email']).fill('nobody@example.in')
      await page.getByLabel(pagesHindi['login.password']).fill('not the password')
      await page.getByRole('button', { name: pagesHindi['login.signIn'], exact: true }).click()
      await page.locator('[data-form-problem]').getByText(pagesHindi['problem.bad_credentials']).waitFor()

      await page.goto(`${shop.shellUrlByIp}/cancellation`)
      await page.getByRole('heading', { name: 'रद्दीकरण और धनवापसी नीति' }).waitFor()
      await page.getByText('ऑर्डर देने के 24 घंटे के भीतर आप उसे रद्द कर सकते हैं, जब तक वह भेजा न गया हो।').waitFor()
      await page.locator('#main-content').getByRole('link', { name: 'support@medicinestore.in' }).waitFor()
      await checkHindi(page, `policy ${width}`)
      await shot(page, 'hi-policy')

      // And back: the spec's English words.
      await choose(page, 'English')
      await page.getByRole('heading', { name: 'Cancellation and Refund Policy' }).waitFor()
      await page.goto(`${shop.shellUrlByIp}/registration`)
      await page.getByRole('heading', { name: 'Register' }).waitFor()
      await page.getByRole('link', { name: 'Already have account?' }).waitFor()
      // The wrong password's 401 is the one error the browser logs, as it should.
      expect(page.problems.filter((problem) => !problem.includes('status of 401'))).toEqual([])
      await page.close()
    }
  })
})
