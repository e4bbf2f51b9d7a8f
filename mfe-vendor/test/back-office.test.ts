import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  axeViolations,
  hasChromium,
  horizontalOverflow,
  launchChromium,
  openPage,
  orderableProducts,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  signInAdmin,
  signUpCustomer,
  startShop,
} from '../../test/browser/index.ts'

/*
 * The back-office in Chromium against the real gateway and services, signed in as the administrator,
 * inside the shell's back-office frame (sidebar and top bar).
 */
/** WCAG 2 A/AA problems axe finds on the page as it is now (ids and the first offending element). */
async function axeProblems(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] })
  return violations.map((v) => `${v.id}: ${v.targets[0]}`)
}

/** Nothing when the page does not scroll sideways; otherwise the elements reaching past its right edge. */
async function overflowing(page: Page): Promise<string[]> {
  if ((await horizontalOverflow(page)) === 0) return []
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    return [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${el.getBoundingClientRect().right}`)
  })
}

describe.skipIf(!hasChromium)('the back-office in Chromium', () => {
  let shop: Shop
  let browser: Browser
  let admin: StoredProfile
  let files: { png: string; text: string }
  const unique = Date.now().toString(36)
  /*
   * Seeded products sort first by name ('A…'); the ones this file creates reach the order service only
   * through an event, so ordering them straight away could race it.
   */

  const api = async <T>(method: string, url: string, token?: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${shop.gatewayUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }

  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startShop(), launchChromium()])
    admin = await signInAdmin(shop.gatewayUrl)
    const dir = await mkdtemp(path.join(tmpdir(), 'vendor-test-'))
    files = { png: path.join(dir, 'tulsi.png'), text: path.join(dir, 'notes.txt') }
    const png = await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r: 21, g: 128, b: 61 } },
    })
      .png()
      .toBuffer()
    await writeFile(files.png, png)
    await writeFile(files.text, 'not an image')
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.close()
  })

  it('sends a customer who opens /vendor/allOrders away', async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const page = await openPage(browser, `${shop.shellUrl}/vendor/allOrders`, { profile: customer })
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.getByRole('region', { name: 'All Orders' }).count()).toBe(0)
    await page.close()
  })

  it('shows a not-found state for an unknown panel', async () => {
    const page = await openPage(browser, `${shop.shellUrl}/vendor/nonsense`, { profile: admin })
    await page.getByRole('heading', { name: /There is no “nonsense” panel/ }).waitFor()
    expect(await page.getByRole('link', { name: 'All Orders' }).count()).toBeGreaterThan(0)
    await page.close()
  })

  it('creates a category and a product with an image, seen by the storefront, then edits its price', async () => {
    const categoryName = `Tulsi ${unique}`
    const productName = `Tulsi Drops ${unique}`
    const page = await openPage(browser, `${shop.shellUrl}/vendor/categories`, { profile: admin })

    // Category: an empty name is refused with the spec's words, then a real one is added.
    await page.getByRole('button', { name: 'Add Category' }).click()
    const categoryDialog = page.getByRole('dialog', { name: 'Add Category' })
    await categoryDialog.getByRole('button', { name: 'Add Category' }).click()
    await categoryDialog.getByRole('alert').filter({ hasText: 'Category name cannot be empty' }).waitFor()
    await categoryDialog.getByLabel('Category name').fill(categoryName)
    await categoryDialog.getByRole('button', { name: 'Add Category' }).click()
    // Either the toast or the dialog's failure (whose reason then shows in the assertion).
    const failure = categoryDialog.getByText(/Failed to create category/)
    await page.getByText('Category created successfully.').or(failure).first().waitFor()
    expect(await failure.allTextContents()).toEqual([])
    await page.getByRole('searchbox', { name: 'Search Category' }).fill(unique)
    await page.getByRole('cell', { name: categoryName, exact: true }).waitFor()

    // Product: a wrong file is refused before upload; a PNG shows its preview; the product is created.
    await page.goto(`${shop.shellUrl}/vendor/allProducts`)
    await page.getByRole('button', { name: 'Add a new Product' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a new Product' })
    await dialog.getByRole('button', { name: 'Create Product' }).click()
    await dialog.getByText('Product name is required').waitFor()
    await dialog.getByLabel('Product Name').fill(productName)
    await dialog.getByLabel('Product Price').fill('120.50')
    await dialog.getByLabel('Stock').fill('40')
    await dialog.getByLabel('Product Category').selectOption(categoryName)
    await dialog.getByLabel('Product Details').fill('Ayurvedic tulsi drops for immunity, 30 ml.')
    await dialog.getByLabel('Product Image').setInputFiles(files.text)
    await dialog.getByText('The image must be a PNG, JPG, GIF or WebP file.').waitFor()
    await dialog.getByLabel('Product Image').setInputFiles(files.png)
    await dialog.getByRole('img', { name: 'Chosen for this product' }).waitFor()
    await saveScreenshot(page, 'vendor-product-dialog')
    await dialog.getByRole('button', { name: 'Create Product' }).click()
    await page.getByText('Product created successfully.').waitFor()
    expect(await dialog.count()).toBe(0)

    // What the storefront reads: the public catalogue has it, with an image that serves.
    const [created] = await api<{ _id: string; price: number; image: string; category: string }[]>(
      'GET',
      `/product?q=${encodeURIComponent(productName)}`,
    )
    expect(created).toMatchObject({ price: 120.5, category: categoryName })
    // Image URLs name PUBLIC_API_URL (the harness leaves it at its default); fetch the path from this gateway.
    const image = await fetch(new URL(new URL(created?.image ?? '').pathname, shop.gatewayUrl))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)

    // Find it with the name filter and open its storefront page from the table.
    await page.getByRole('textbox', { name: 'Product Name' }).fill(productName)
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL((url) => url.searchParams.get('name') === productName)
    const row = page.getByRole('row').filter({ hasText: productName })
    await row.getByText('₹120.50').waitFor()

    // Edit the price: the dialog opens pre-filled and the table and catalogue follow.
    await row.getByRole('button', { name: `Edit ${productName}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Product' })
    expect(await edit.getByLabel('Product Name').inputValue()).toBe(productName)
    await edit.getByLabel('Product Price').fill('99.75')
    await edit.getByRole('button', { name: 'Update Product' }).click()
    await page.getByText('Product updated successfully.').waitFor()
    await row.getByText('₹99.75').waitFor()
    const [updated] = await api<{ price: number }[]>('GET', `/product?q=${encodeURIComponent(productName)}`)
    expect(updated?.price).toBe(99.75)

    await row.getByRole('link', { name: productName }).click()
    await page.waitForURL(
      (url) => url.pathname === '/productDetails' && url.searchParams.get('productId') === created?._id,
    )
    // The real storefront shows it with the new price, and its image loads.
    await page.getByRole('heading', { level: 1, name: productName }).waitFor()
    await page.getByRole('main').getByText('₹99.75').first().waitFor()
    expect(page.problems).toEqual([])
    await page.close()

    // The dialog on a phone, for people to look at.
    const phone = await openPage(browser, `${shop.shellUrl}/vendor/allProducts`, {
      profile: admin,
      width: 360,
    })
    // On a phone the products table becomes a stack of cards: nothing scrolls sideways.
    await phone.getByRole('heading', { level: 1, name: 'All Products' }).waitFor()
    await phone
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Edit / })
      .waitFor()
    expect(await overflowing(phone)).toEqual([])
    await saveScreenshot(phone, 'vendor-products')
    await phone.getByRole('button', { name: 'Add a new Product' }).click()
    await phone.getByRole('dialog', { name: 'Add a new Product' }).waitFor()
    await saveScreenshot(phone, 'vendor-product-dialog')
    await phone.close()
  })

  it('refuses to delete a category still in use and says why', async () => {
    const [first] = await api<{ name: string }[]>('GET', '/category')
    const name = first?.name ?? ''
    const page = await openPage(
      browser,
      `${shop.shellUrl}/vendor/categories?search=${encodeURIComponent(name)}`,
      {
        profile: admin,
      },
    )
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' })
    await confirm.getByText('You will not be able to recover this category!').waitFor()
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click()
    const reason = confirm.getByRole('alert')
    await reason.waitFor()
    expect(await reason.textContent()).toMatch(/Failed to delete category\..*Move those products/)
    expect((await api<{ name: string }[]>('GET', '/category')).map((c) => c.name)).toContain(name)
    await page.close()
  })

  it('moves an order from pending to delivered, and a delivered order cannot go back', async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const [product] = await orderableProducts(shop.gatewayUrl)
    const customerName = `Kavya ${unique}`
    const { order } = await api<{ order: { _id: string; number: string } }>(
      'POST',
      '/order',
      customer.token,
      {
        items: [{ productId: product?._id, quantity: 2 }],
        shippingInfo: {
          customerName,
          phoneNumber: '9876543210',
          country: 'India',
          state: 'Karnataka',
          city: 'Bengaluru',
          addressLine1: '12 MG Road',
          addressLine2: '',
          postalCode: '560001',
          street: 'MG Road',
          houseNumber: '12',
        },
        paymentType: 'cash',
      },
    )

    // First on a phone (nothing changed yet), then on a laptop where the status is changed.
    for (const width of [360, 1280]) {
      const page = await openPage(
        browser,
        `${shop.shellUrl}/vendor/allOrders?name=${encodeURIComponent(customerName)}`,
        { profile: admin, width },
      )
      const row = page.getByRole('row').filter({ hasText: customerName })
      await row.getByText('pending').waitFor()
      if (width === 1280) {
        // The date in the long Indian form; the total typed as the table shows it ('₹199.00', '199.00')
        // finds the order (after a filter that finds nothing, so the row seen is the new answer's).
        const today = new Intl.DateTimeFormat('en-IN', {
          timeZone: 'Asia/Kolkata',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }).format(new Date())
        await row.getByRole('cell', { name: today }).waitFor()
        const shown = (await row.getByRole('cell', { name: /^₹/ }).textContent()) ?? ''
        for (const typed of [shown, shown.replace('₹', '')]) {
          await page.getByLabel('Price').fill('0.01')
          await page.getByRole('button', { name: 'Filter' }).click()
          await page.getByText('No orders match these filters.').waitFor()
          await page.getByLabel('Price').fill(typed)
          await page.getByRole('button', { name: 'Filter' }).click()
          await row.getByText('pending').waitFor()
        }
      }
      expect(await overflowing(page)).toEqual([])
      await saveScreenshot(page, 'vendor-orders')
      await row.getByRole('button', { name: `View order ${order.number}` }).click()
      const modal = page.getByRole('dialog', { name: `Order Details · ${order.number}` })
      await modal.getByText('12 MG Road').first().waitFor()
      await saveScreenshot(page, 'vendor-orders-modal')
      expect(await axeProblems(page)).toEqual([])
      if (width === 360) {
        expect(await overflowing(page)).toEqual([])
        await page.close()
        continue
      }
      await modal.getByLabel('Order status').selectOption('delivered')
      await page.getByText('Order Status Changed successfully.').waitFor()
      expect(await modal.getByLabel('Order status').inputValue()).toBe('delivered')
      await row.getByText('delivered').waitFor()

      // The customer's own orders follow.
      const mine = await api<{ orders: { _id: string; status: string }[] }>(
        'GET',
        '/order/user-order',
        customer.token,
      )
      expect(mine.orders.find((o) => o._id === order._id)?.status).toBe('delivered')

      // Back to pending is refused: the select springs back and the server's reason is shown.
      await modal.getByLabel('Order status').selectOption('pending')
      await modal.getByRole('alert').filter({ hasText: 'Failed to change order status.' }).waitFor()
      expect(await modal.getByRole('alert').textContent()).toMatch(/delivered/)
      expect(await modal.getByLabel('Order status').inputValue()).toBe('delivered')
      await page.close()
    }
  })
  it('adds a supplier and deactivates it', async () => {
    const name = `Ravi ${unique}`
    const page = await openPage(browser, `${shop.shellUrl}/vendor/suppliers`, { profile: admin })
    await page.getByRole('button', { name: 'Add a new Supplier' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a new Supplier' })
    // A landline is refused before anything is sent, with the catalogue's own message.
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Company').fill('Sun Pharma Distributors')
    await dialog.getByLabel('Address').fill('14 MG Road, Pune 411001')
    await dialog.getByLabel('Phone').fill('020 2612 3456')
    await dialog.getByLabel('Email').fill(`ravi.${unique}@sunpd.in`)
    await dialog.getByRole('button', { name: 'Create Supplier' }).click()
    await dialog.getByText(/Enter a valid Indian mobile number/).waitFor()
    await dialog.getByLabel('Phone').fill('+91 98765 43210')
    await dialog.getByRole('button', { name: 'Create Supplier' }).click()
    await page.getByText('Supplier created successfully.').waitFor()
    expect(await dialog.count()).toBe(0)

    await page.getByRole('searchbox', { name: 'Supplier name' }).fill(name)
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL((url) => url.searchParams.get('name') === name)
    const row = page.getByRole('row').filter({ hasText: name })
    await row.getByText('Active', { exact: true }).waitFor()
    await row.getByText('9876543210').waitFor()
    await saveScreenshot(page, 'vendor-suppliers')

    await row.getByRole('button', { name: `Deactivate ${name}` }).click()
    await page.getByText('Supplier deactivated.').waitFor()
    await row.getByText('Inactive', { exact: true }).waitFor()
    await row.getByRole('button', { name: `Activate ${name}` }).waitFor()
    const [stored] = await api<{ status: string }[]>(
      'GET',
      `/supplier?name=${encodeURIComponent(name)}`,
      admin.token,
    )
    expect(stored?.status).toBe('Inactive')
    expect(page.problems).toEqual([])
    await page.close()

    const phone = await openPage(
      browser,
      `${shop.shellUrl}/vendor/suppliers?name=${encodeURIComponent(name)}`,
      { profile: admin, width: 360 },
    )
    await phone.getByRole('row').filter({ hasText: name }).getByText('Inactive', { exact: true }).waitFor()
    expect(await overflowing(phone)).toEqual([])
    await saveScreenshot(phone, 'vendor-suppliers')
    expect(await axeProblems(phone)).toEqual([])
    await phone.close()
  })

  it('shows dashboard figures that follow the orders placed here', async () => {
    type Stats = {
      revenue: { last30: number }
      orders: { last30: number }
      today: { orders: number; income: number }
    }
    const before = await api<Stats>('GET', '/order/statistics', admin.token)
    const customer = await signUpCustomer(shop.gatewayUrl)
    const products = (await orderableProducts(shop.gatewayUrl)).slice(0, 2)
    const customerName = `Meera ${unique}`
    let placed = 0
    for (const [index, product] of products.entries()) {
      const quantity = index + 1
      await api('POST', '/order', customer.token, {
        items: [{ productId: product._id, quantity }],
        shippingInfo: {
          customerName,
          phoneNumber: '9876543210',
          country: 'India',
          state: 'Maharashtra',
          city: 'Pune',
          addressLine1: '3 FC Road',
          addressLine2: '',
          postalCode: '411004',
          street: 'FC Road',
          houseNumber: '3',
        },
        paymentType: 'cash',
      })
      placed += product.price * quantity
    }
    expect(products.length).toBe(2)
    // The order service learns of the new account through an event; wait for it, so the row shows its email.
    await expect
      .poll(
        async () =>
          (
            await api<{ recentCustomers: { email: string | null }[] }>(
              'GET',
              '/order/statistics',
              admin.token,
            )
          ).recentCustomers[0]?.email,
        { timeout: 20_000 },
      )
      .toBe(customer.userInfo.email)
    // Rupees to the paisa, as the UI kit writes them (₹1,23,456.50).
    const rupees = (n: number) =>
      `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    const figure = (page: Page, title: string) => page.getByRole('article', { name: title })

    for (const width of [1280, 360]) {
      const page = await openPage(browser, `${shop.shellUrl}/vendor/dashboard`, { profile: admin, width })
      await figure(page, 'Revenue (30 days)')
        .getByText(rupees(before.revenue.last30 + placed), { exact: true })
        .waitFor()
      await figure(page, 'Orders (30 days)')
        .getByText(String(before.orders.last30 + 2), { exact: true })
        .waitFor()
      const today = page.getByRole('region', { name: 'Today' })
      expect(await today.getByRole('definition').allTextContents()).toEqual([
        String(before.today.orders + 2),
        rupees(before.today.income + placed),
      ])
      // The newest customer is in 'Recent Customers' with both orders and what they spent.
      const recent = page.getByRole('region', { name: 'Recent Customers' })
      const first = recent.getByRole('row').filter({ hasText: customer.userInfo.email })
      expect(await first.getByRole('cell').allTextContents()).toEqual([
        customer.userInfo.name,
        customer.userInfo.email,
        rupees(placed),
        '2',
      ])
      expect(await overflowing(page)).toEqual([])
      await saveScreenshot(page, 'vendor-dashboard')
      expect(await axeProblems(page)).toEqual([])
      expect(page.problems).toEqual([])
      await page.close()
    }
  })
})
