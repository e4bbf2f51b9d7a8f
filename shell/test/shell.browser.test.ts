/**
 * The shell as a new user meets it, in Chromium against the whole shop (test/browser harness): signing
 * in from both local addresses, the header at 320–768 px for a guest, a customer and the administrator,
 * keyboard focus in the cart panel, the user menu and the mobile menu, and axe-core on every shell page
 * with its menus and panel open.
 */
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { navigation as backOfficeNavigation } from '../../mfe-vendor/src/pages.ts'
import {
  axeViolations,
  hasChromium,
  horizontalOverflow,
  openPage,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  sidewaysScrollers,
  signInAdmin,
  signUpCustomer,
  useShopInBrowser,
} from '../../test/browser/index.ts'

/** Hashing passwords on a loaded two-core machine can take many seconds: wait for UI state generously. */
const SLOW = 90_000

async function signUp(gatewayUrl: string, firstName: string, lastName: string): Promise<StoredProfile> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const response = await fetch(`${gatewayUrl}/auth/sineUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName,
      lastName,
      userName: `user_${tag}`,
      email: `user.${tag}@example.in`,
      phone: '9876543210',
      password: 'correct horse battery',
      cmPassword: 'correct horse battery',
    }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as StoredProfile
}

/** Where focus is: inside the element matched by `selector`, and a short description of it. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const root = document.querySelector(css)
    return root?.contains(document.activeElement) === true
  }, selector)

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? ''
  })

/** Presses Tab (or Shift+Tab) `times` times and checks focus never leaves `selector`. */
async function tabStaysInside(page: Page, selector: string, times: number, backwards = false) {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    expect(await focusInside(page, selector), `after ${i + 1} × ${backwards ? 'Shift+' : ''}Tab`).toBe(true)
  }
}

/**
 * axe-core on the shell's part of the page (what a remote draws is its own team's to check), or on
 * the whole page when `whole` (the back-office panels, which only make sense inside the shell's frame).
 */
async function axeProblems(page: Page, whole = false) {
  const violations = await axeViolations(page, whole ? {} : { exclude: '[data-remote-area]' })
  return violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        violation.id.startsWith('landmark') ||
        violation.id === 'region',
    )
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`)
}

describe.skipIf(!hasChromium)('the shell in Chromium', () => {
  let shop: Shop
  let browser: Browser
  let customer: StoredProfile
  let longNamed: StoredProfile
  let admin: StoredProfile

  useShopInBrowser((started) => {
    ;({ shop, browser } = started)
  })

  beforeAll(async () => {
    customer = await signUpCustomer(shop.gatewayUrl)
    longNamed = await signUp(shop.gatewayUrl, 'Venkatalakshmi', 'Subramanyam-Raghavendran')
    admin = await signInAdmin(shop.gatewayUrl)
  }, 300_000)

  it('signs in from localhost and from 127.0.0.1; a failure keeps focus, a success clears its toast', async () => {
    for (const base of [shop.shellUrl, shop.shellUrlByIp]) {
      const page = await openPage(browser, `${base}/login`, { width: 360 })
      page.setDefaultTimeout(SLOW)
      await page.getByLabel('Email').fill(customer.userInfo.email)
      await page.getByLabel('Password').fill('not the password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      // The message above the form has focus (not the page), and the toast says the same.
      await expect.poll(() => focusedName(page), { timeout: SLOW }).toBe('Invalid email or password')
      await page.getByRole('alert').getByText('Invalid email or password').waitFor()

      await page.getByLabel('Password').fill('correct horse battery')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByText(`welcome ${customer.userInfo.name}`).waitFor()
      // The failed attempt's error toast is gone.
      await expect(page.getByRole('alert').getByText('Invalid email or password').count()).resolves.toBe(0)
      await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
      expect(page.problems.filter((p) => !p.includes('401'))).toEqual([])
      await page.close()
    }
  })

  it('marks a taken email on its field and focuses it', async () => {
    const page = await openPage(browser, `${shop.shellUrl}/registration`, { width: 360 })
    page.setDefaultTimeout(SLOW)
    await page.getByLabel('First Name').fill('Ravi')
    await page.getByLabel('Last Name').fill('Kumar')
    await page.getByLabel('Username').fill(`ravi_${Date.now().toString(36)}`)
    await page.getByLabel('Email Address').fill(customer.userInfo.email)
    await page.getByLabel('Phone Number').fill('9876543210')
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery')
    await page.getByLabel('Confirm Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Register' }).click()
    const email = page.getByLabel('Email Address')
    await expect.poll(() => email.getAttribute('aria-invalid'), { timeout: SLOW }).toBe('true')
    await expect(email.evaluate((input) => input === document.activeElement)).resolves.toBe(true)
    const describedBy = (await email.getAttribute('aria-describedby')) ?? ''
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      'An account with this email already exists',
    )
    await page.close()
  })

  it('fits 320, 360 and 768 px signed out, as a customer and as the administrator', {
    timeout: 300_000,
  }, async () => {
    const who: [string, StoredProfile | undefined][] = [
      ['guest', undefined],
      ['customer', longNamed],
      ['admin', admin],
    ]
    // One tab per visitor, resized and loaded again for each width (a fresh context per page only made
    // Chromium fetch and compile the app again).
    const tabs = new Map<string, Page>()
    for (const width of [320, 360, 768]) {
      for (const [name, profile] of who) {
        const open = tabs.get(name)
        const page =
          open ?? (await openPage(browser, `${shop.shellUrl}/`, { width, ...(profile ? { profile } : {}) }))
        tabs.set(name, page)
        if (open) {
          await page.setViewportSize({ width, height: width < 500 ? 740 : 800 })
          await page.goto(`${shop.shellUrl}/`)
        }
        await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
        const label = `${name} at ${width}px`
        expect(await horizontalOverflow(page), label).toBe(0)
        // The cart and menu buttons are on screen, whole.
        for (const control of [
          page.getByRole('button', { name: /^Cart/ }),
          page.getByRole('button', { name: 'Menu' }),
        ]) {
          const box = await control.boundingBox()
          expect(box, label).not.toBeNull()
          expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(width)
        }
        if (profile) {
          await expect(page.getByRole('button', { name: profile.userInfo.name }).isVisible()).resolves.toBe(
            true,
          )
        }
        await page.getByRole('button', { name: 'Menu' }).click()
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor()
        expect(await horizontalOverflow(page), `${label}, menu open`).toBe(0)
        if (width !== 768) await saveScreenshot(page, `shell-menu-${name}`)
      }
    }
    for (const tab of tabs.values()) await tab.close()
    // The back-office frame at phone widths: the sidebar is a drawer, nothing scrolls sideways (on its
    // not-found page: the panels inside are mfe-vendor's to fit), the top bar fits on every panel.
    for (const width of [320, 360]) {
      const lost = await openPage(browser, `${shop.shellUrl}/vendor/allOrders/x`, { width, profile: admin })
      await lost.getByRole('link', { name: 'Back to the dashboard' }).waitFor()
      expect(await horizontalOverflow(lost), `back-office at ${width}px`).toBe(0)
      await saveScreenshot(lost, 'shell-back-office-not-found')
      await lost.close()
      const page = await openPage(browser, `${shop.shellUrl}/vendor`, { width, profile: admin })
      await page.waitForURL(/\/vendor\/dashboard$/)
      const logOut = await page.getByRole('button', { name: 'Log Out' }).boundingBox()
      expect((logOut?.x ?? 0) + (logOut?.width ?? 0), `Log Out at ${width}px`).toBeLessThanOrEqual(width)
      await saveScreenshot(page, 'shell-back-office')
      await page.getByRole('button', { name: 'Back-office menu' }).click()
      await page
        // The shell's sidebar (the first navigation of that name while mfe-vendor still draws its own).
        .getByRole('navigation', { name: 'Back-office' })
        .first()
        .getByRole('link', { name: 'All Orders' })
        .click()
      await page.waitForURL(/\/vendor\/allOrders$/)
      await page.close()
    }
  })

  it('keeps focus inside the cart panel, the user menu and the mobile menu, and gives it back', async () => {
    const page = await openPage(browser, `${shop.shellUrl}/`, { width: 1280, profile: customer })
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()

    // Cart panel (a modal dialog).
    const cart = page.getByRole('button', { name: /^Cart/ })
    await cart.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor()
    await tabStaysInside(page, '[role="dialog"]', 8)
    await tabStaysInside(page, '[role="dialog"]', 4, true)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await cart.evaluate((button) => button === document.activeElement)).toBe(true)
    await saveScreenshot(page, 'shell-home-customer')

    // User menu.
    const account = page.getByRole('button', { name: customer.userInfo.name })
    await account.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedName(page)).toBe('My Orders')
    const menuWrap = `:has(> [aria-controls="${await account.getAttribute('aria-controls')}"])`
    await tabStaysInside(page, menuWrap, 5)
    await page.keyboard.press('Escape')
    await expect(account.getAttribute('aria-expanded')).resolves.toBe('false')
    expect(await account.evaluate((button) => button === document.activeElement)).toBe(true)
    // Log Out by keyboard: the button it was on goes away, and focus lands on 'Sign in' in its place.
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedName(page)).toBe('My Orders')
    await page.keyboard.press('Tab')
    await expect.poll(() => focusedName(page)).toBe('My Prescriptions')
    await page.keyboard.press('Tab')
    await expect.poll(() => focusedName(page)).toBe('Account security')
    await page.keyboard.press('Tab')
    await expect.poll(() => focusedName(page)).toBe('Log Out')
    await page.keyboard.press('Enter')
    await page.getByText('Log Out Successful').waitFor()
    await expect.poll(() => focusedName(page)).toBe('Sign in')
    await page.close()

    // Mobile menu: trapped, Escape and a press outside close it, Log Out closes it.
    const phone = await openPage(browser, `${shop.shellUrl}/`, { width: 360, profile: customer })
    await phone.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    const toggle = phone.getByRole('button', { name: 'Menu' })
    await toggle.focus()
    await phone.keyboard.press('Enter')
    await phone.getByRole('navigation', { name: 'Mobile' }).waitFor()
    await tabStaysInside(phone, 'nav[aria-label="Mobile"]', 12)
    await phone.keyboard.press('Escape')
    await phone.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'detached' })
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true)
    await toggle.click()
    await phone.mouse.click(180, 600)
    await phone.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'detached' })
    await toggle.click()
    await phone.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Log Out' }).click()
    await phone.getByText('Log Out Successful').waitFor()
    await expect(phone.getByRole('navigation', { name: 'Mobile' }).count()).resolves.toBe(0)
    // Toasts sit below the header: they cover none of its buttons.
    const toastBox = await phone.getByText('Log Out Successful').boundingBox()
    const headerBox = await toggle.boundingBox()
    expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0))
    await saveScreenshot(phone, 'shell-toast')
    await phone.close()
  })

  it('has a skip link, and axe finds no serious, critical or landmark problems on any shell page', {
    timeout: 600_000,
  }, async () => {
    const pages: [string, StoredProfile | undefined][] = [
      ['/', undefined],
      ['/login', undefined],
      ['/registration', undefined],
      ['/privacy-policy', undefined],
      ['/terms', undefined],
      ['/cancellation', undefined],
      ['/shipping-delivery', undefined],
      ['/no-such-page', undefined],
      ['/products', customer],
      // The back-office frame around the shell's own not-found.
      ['/vendor/allOrders/nonsense', admin],
      // Every back-office panel inside the frame, checked whole (mfe-vendor draws panels only).
      ...backOfficeNavigation.map((entry): [string, StoredProfile] => [entry.path, admin]),
    ]
    const problems: string[] = []
    // One phone-width tab per visitor, each page loaded whole in it (as a person's browser does, with its
    // cache): a fresh browser context per page only made Chromium fetch and compile the app again.
    const tabs = new Map<StoredProfile | undefined, Page>()
    const tabOf = async (profile: StoredProfile | undefined, url: string) => {
      const open = tabs.get(profile)
      if (open) {
        await open.goto(url)
        return open
      }
      const page = await openPage(browser, url, { width: 360, ...(profile ? { profile } : {}) })
      tabs.set(profile, page)
      return page
    }
    for (const [path, profile] of pages) {
      const panel = path.split('/').length === 3 && path.startsWith('/vendor/')
      // axe at desktop width is the journeys' sweep (test/journeys: every route, every role, dialogs open),
      // which also checks each back-office panel's frame at 1280 on the page it has open there (the top bar
      // names the panel, nothing sideways, screenshot); here the phone layout, so no panel is opened twice.
      const page = await tabOf(profile, `${shop.shellUrl}${path}`)
      await page.locator('main h1').first().waitFor()
      if (panel) {
        // Loaded, not a loading state; nothing scrolls sideways.
        await page.getByText('Loading...').first().waitFor({ state: 'detached' })
        const overflow = await horizontalOverflow(page)
        if (overflow > 0) problems.push(`${path} @360: ${overflow}px sideways`)
        // Nor does anything inside it (a table in a scroll box): on phones tables become cards.
        for (const box of await sidewaysScrollers(page))
          problems.push(`${path} @360: ${box} scrolls sideways`)
        await saveScreenshot(page, `shell-vendor-${path.split('/')[2]}`)
      }
      problems.push(...(await axeProblems(page, panel)).map((p) => `${path} @360: ${p}`))
    }
    for (const tab of tabs.values()) await tab.close()
    // Menus and the panel open.
    const page = await openPage(browser, `${shop.shellUrl}/`, { width: 1280, profile: customer })
    await page.getByRole('heading', { name: 'Your medication, delivered' }).waitFor()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' }).isVisible()).resolves.toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
    await page.getByRole('button', { name: customer.userInfo.name }).click()
    problems.push(...(await axeProblems(page)).map((p) => `user menu: ${p}`))
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /^Cart/ }).click()
    await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor()
    problems.push(...(await axeProblems(page)).map((p) => `cart panel: ${p}`))
    await page.close()
    const phone = await openPage(browser, `${shop.shellUrl}/`, { width: 360, profile: admin })
    await phone.getByRole('button', { name: 'Menu' }).click()
    await phone
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('button', { name: /Medicine/ })
      .click()
    await phone
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'All medicines' })
      .waitFor()
    problems.push(...(await axeProblems(phone)).map((p) => `mobile menu: ${p}`))
    await saveScreenshot(phone, 'shell-mobile-medicine')
    await phone.close()
    expect(problems).toEqual([])
  })

  it('gives each page its own title', async () => {
    const page = await openPage(browser, `${shop.shellUrl}/terms`)
    await expect.poll(() => page.title()).toBe('Terms and Conditions | Medicine Store')
    await page.goto(`${shop.shellUrl}/login`)
    await expect.poll(() => page.title()).toBe('Sign in | Medicine Store')
    await page.goto(`${shop.shellUrl}/no-such-page`)
    await expect.poll(() => page.title()).toBe('Page not found | Medicine Store')
    await page.close()
  })
})
