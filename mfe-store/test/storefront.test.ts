import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  axeViolations,
  hasChromium,
  horizontalOverflow,
  launchChromium,
  openPage,
  type Shop,
  saveScreenshot,
  signUpCustomer,
  startShop,
} from '../../test/browser/index.ts'

const PASSWORD = 'correct horse battery' // what signUpCustomer registers with

describe.skipIf(!hasChromium)('the storefront in Chromium, against the real gateway', () => {
  let shop: Shop
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startShop(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.close()
  })

  const api = async <T>(path: string, token?: string): Promise<T> => {
    const res = await fetch(`${shop.gatewayUrl}${path}`, {
      headers: token ? { authorization: `bearer ${token}` } : {},
    })
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }
  const productId = async (name: string) =>
    (await api<{ _id: string; name: string }[]>(`/product?q=${encodeURIComponent(name)}`)).find(
      (p) => p.name === name,
    )!._id
  const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  /** A full-page screenshot as a person scrolling would see it: lazy images loaded, back at the top. */
  const screenshot = async (page: Page, name: string) => {
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y)
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
      await Promise.all(
        [...document.images].map((img) =>
          img.complete
            ? null
            : new Promise((resolve) => {
                img.addEventListener('load', resolve, { once: true })
                img.addEventListener('error', resolve, { once: true })
              }),
        ),
      )
      window.scrollTo(0, 0)
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    })
    await saveScreenshot(page, name)
  }
  const badge = (page: Page, count: number) =>
    page.getByRole('button', { name: `Cart, ${count} item${count === 1 ? '' : 's'}` })

  it('home: hero, banners, 12 cards and Load More; a misspelt search opens the product (360 and 1280 px)', async () => {
    for (const width of [360, 1280]) {
      const page = await openPage(browser, `${shop.shellUrl}/`, { width })
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
      for (const text of ['Huge Sale 70%', '100% Secure delivery', 'Free shipping at your doorstep'])
        await page.getByText(text).waitFor()
      await cards(page).first().waitFor()
      expect(await cards(page).count()).toBe(12)
      expect(await page.getByRole('link', { name: 'Load More' }).getAttribute('href')).toBe('/products')
      await page.getByRole('heading', { name: 'Contact with Vendor / Send request for medicine' }).waitFor()
      await screenshot(page, 'store-home')
      expect(await horizontalOverflow(page)).toBe(0)

      const search = page.getByRole('combobox', { name: 'Search your medicine from here' })
      await search.fill(width === 360 ? 'paracetmol' : 'ashwagnda')
      const listbox = page.getByRole('listbox', { name: 'Medicine suggestions' })
      const wanted = width === 360 ? /Paracetamol/ : /Ashwagandha/
      await listbox.getByRole('option', { name: wanted }).first().waitFor()
      await search.press('ArrowDown')
      expect(await search.getAttribute('aria-activedescendant')).toBeTruthy()
      await search.press('Enter')
      await page.waitForURL(/\/productDetails\?productId=/)
      await page.getByRole('heading', { level: 1, name: wanted }).waitFor()
      expect(page.problems).toEqual([])
      await page.close()
    }
  })

  it('filters by category, and /products keeps its filters in the URL across a reload (360 and 1280 px)', async () => {
    const page = await openPage(browser, `${shop.shellUrl}/`, { width: 1280 })
    await cards(page).first().waitFor()
    await page.getByLabel('Category').selectOption('Digestive Care')
    await page.waitForFunction(() =>
      [...document.querySelectorAll('ul[aria-label="Products"] > li')].every((li) =>
        li.textContent?.includes('Digestive Care'),
      ),
    )
    const expected = await api<unknown[]>('/product?category=Digestive%20Care')
    expect(await cards(page).count()).toBe(Math.min(12, expected.length))
    await page.close()

    for (const width of [360, 1280]) {
      const list = await openPage(browser, `${shop.shellUrl}/products`, { width })
      await list.getByText(/^\d+ products$/).waitFor()
      expect(await cards(list).count()).toBe(24)
      await list.getByRole('navigation', { name: 'Product pages' }).waitFor()
      await screenshot(list, 'store-products')
      expect(await horizontalOverflow(list)).toBe(0)
      if (width === 1280) {
        await list.getByLabel('Category').selectOption('Pain & Fever')
        await list.waitForURL(/category=Pain/)
        await list.getByLabel('Search products').fill('para')
        await list.waitForURL(/q=para/)
        await list.reload()
        expect(await list.getByLabel('Category').inputValue()).toBe('Pain & Fever')
        expect(await list.getByLabel('Search products').inputValue()).toBe('para')
        await cards(list).first().waitFor()
        // Named so, or found by a salt: those cards say what they contain ('Contains Paracetamol 650 mg').
        for (const text of await cards(list).allTextContents()) expect(text).toMatch(/para/i)
        await list
          .getByText(/^Contains .*Paracetamol/)
          .first()
          .waitFor()
        await screenshot(list, 'store-products-salt-search')
      }
      expect(list.problems).toEqual([])
      await list.close()
    }
  })

  it('adds to the cart from a card and from the product page, and the header badge follows', async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const page = await openPage(browser, `${shop.shellUrl}/`, { profile: customer, width: 1280 })
    await page.getByLabel('Search products').fill('paracetamol 650')
    await page.getByRole('button', { name: 'Add to Cart: Paracetamol 650 mg Tablet' }).click()
    await page.getByText('Product added to cart').first().waitFor()
    await badge(page, 1).waitFor()

    await page.goto(
      `${shop.shellUrl}/productDetails?productId=${await productId('Paracetamol 500 mg Tablet')}`,
    )
    const increase = page.getByRole('button', { name: 'Increase quantity' })
    await increase.click()
    await increase.click()
    expect(await page.getByLabel('Quantity', { exact: true }).textContent()).toBe('3')
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await badge(page, 4).waitFor()
    expect(await page.getByLabel('Quantity', { exact: true }).textContent()).toBe('1') // back to 1
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true)
    expect(page.problems).toEqual([])
  })

  it('a guest who adds signs in, comes back to the product and finds it in the cart', async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const id = await productId('Ibuprofen 400 mg Tablet')
    const page = await openPage(browser, `${shop.shellUrl}/productDetails?productId=${id}`, { width: 360 })
    await page.getByRole('button', { name: 'Add To Cart' }).click()
    await page.waitForURL(/\/login\?from=/)
    // A notice, not a success: nothing has been added yet.
    await page
      .locator('[data-toast="info"]', { hasText: 'Please sign in to add this to your cart.' })
      .waitFor()
    expect(await page.locator('[data-toast="success"]').count()).toBe(0)
    await page.getByLabel('Email').fill(customer.userInfo.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/productDetails' && url.search.includes(id))
    await badge(page, 1).waitFor()
    const cart = await api<{ cart: { items: { quantity: number; productId: { _id: string } }[] } }>(
      '/cart',
      customer.token,
    )
    expect(cart.cart.items.map((item) => [item.productId._id, item.quantity])).toEqual([[id, 1]])
    expect(page.problems).toEqual([])
  })

  it('product page at 360 and 1280 px; tabs by keyboard; a review updates the overview', async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const id = await productId('Paracetamol 650 mg Tablet')
    for (const width of [360, 1280]) {
      const page = await openPage(browser, `${shop.shellUrl}/productDetails?productId=${id}`, {
        profile: customer,
        width,
      })
      await page.getByRole('heading', { level: 1, name: 'Paracetamol 650 mg Tablet' }).waitFor()
      await page.getByText('₹30.91').first().waitFor()
      await screenshot(page, 'store-product')
      expect(await horizontalOverflow(page)).toBe(0)
      if (width === 360) {
        await page.close()
        continue
      }
      await page.getByRole('tab', { name: 'Description' }).focus()
      await page.keyboard.press('ArrowRight')
      const reviewsTab = page.getByRole('tab', { name: 'Reviews' })
      expect(await reviewsTab.getAttribute('aria-selected')).toBe('true')
      await page.getByText('No reviews found.').waitFor()
      await page.getByText('0 ratings').waitFor()
      await page.getByRole('button', { name: 'Submit review' }).click()
      await page.getByText('Please select a rating').waitFor()
      // The star's label takes the click, as it would for a person.
      await page.getByRole('radio', { name: '4 stars' }).check({ force: true })
      await page.getByLabel('Your review').fill('Works quickly for fever.')
      await page.getByRole('button', { name: 'Submit review' }).click()
      await page.getByText('Review created successfully.').waitFor()
      await page.getByText('1 rating', { exact: true }).waitFor()
      await page.getByText('Works quickly for fever.').waitFor()
      expect(await page.getByRole('progressbar', { name: '4 star' }).getAttribute('aria-valuenow')).toBe(
        '100',
      )
      await screenshot(page, 'store-product-reviews')
      expect(page.problems).toEqual([])
      await page.close()
    }
    const unknown = await openPage(
      browser,
      `${shop.shellUrl}/productDetails?productId=00000000-0000-4000-8000-000000000000`,
    )
    await unknown.getByRole('heading', { name: 'Product not found' }).waitFor()
    await unknown.getByRole('link', { name: 'Browse all products' }).waitFor()
    await unknown.close()
  })

  it('sends a contact message after checking the phone number, then clears the form', async () => {
    const page = await openPage(browser, `${shop.shellUrl}/`, { width: 360 })
    const phone = page.getByLabel('Phone number')
    const message = page.getByLabel('Message', { exact: true })
    await phone.fill('12345')
    await message.fill('Need Ashwagandha Churna, 2 packs')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText(/Enter a valid Indian mobile number/).waitFor()
    expect(await phone.getAttribute('aria-invalid')).toBe('true')
    await phone.fill('+91 98765 43210')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText('Message Sent successfully.').waitFor()
    expect(await phone.inputValue()).toBe('')
    expect(await message.inputValue()).toBe('')
    expect(page.problems).toEqual([])
  })

  it('/allShop lists the shops from the API and a shop page shows its header and grid', async () => {
    const shops = await api<{ _id: string; name: string }[]>('/shop')
    expect(shops.length).toBeGreaterThan(0)
    const page = await openPage(browser, `${shop.shellUrl}/allShop`, { width: 360 })
    await page.getByRole('heading', { name: 'All Registered Medicine Stores' }).waitFor()
    await page.getByRole('list', { name: 'Stores' }).waitFor()
    for (const s of shops) await page.getByRole('heading', { name: s.name }).waitFor()
    expect(await page.getByRole('link', { name: /^Visit Store/ }).count()).toBe(shops.length)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'store-shops')
    await page.getByRole('link', { name: `Visit Store: ${shops[0]!.name}` }).click()
    await page.getByRole('heading', { level: 1, name: shops[0]!.name }).waitFor()
    await cards(page).first().waitFor()
    await page.getByRole('heading', { name: 'Contact with Vendor / Send request for medicine' }).waitFor()
    expect(page.problems).toEqual([])
  })

  it('has no axe violations in the store area of home, /products, a product page and /allShop', async () => {
    const id = await productId('Paracetamol 650 mg Tablet')
    const pages = [
      ['/', 'Add to Cart'],
      ['/products', 'Add to Cart'],
      [`/productDetails?productId=${id}`, 'Add To Cart'],
      ['/allShop', 'Visit Store'],
    ] as const
    for (const [path, ready] of pages) {
      const page = await openPage(browser, `${shop.shellUrl}${path}`, { width: 1280 })
      await page.getByText(ready, { exact: true }).first().waitFor()
      const violations = await axeViolations(page, { include: '[data-remote="mfe_store"]' })
      expect(violations.map((v) => `${path}: ${v.id} (${v.targets.join(', ')})`)).toEqual([])
      await page.close()
    }
  })
})
