/**
 * The account's locks in Chromium against the whole shop (real gateway, identity and messaging): a
 * customer changes the password, signs out and in with the new one; forgets it, follows the e-mailed
 * link (read where the messaging service stores the e-mail's text) and signs in with the next one; an
 * expired access token (15-second tokens here) is renewed without the shopper noticing; and 'Log out
 * everywhere' ends another device's session. Each new screen at 360 and 1280 px, with axe.
 */
import { copyFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CHROMIUM,
  hasChromium,
  horizontalOverflow,
  openPage,
  type Shop,
  type StoredProfile,
  saveScreenshot,
  seriousAxeProblems,
  signUpCustomer,
  type TestPage,
  useShopInBrowser,
} from '../../test/browser/index.ts'

const SLOW = 90_000
const JOURNEY = { timeout: 300_000 }
const OLD_PASSWORD = 'correct horse battery'
/** Where the screenshots are kept for the people reviewing this work, beside the test's own copies. */
const REVIEW_SHOTS = process.env.ACCOUNT_SHOTS_DIR

describe.skipIf(!hasChromium)(`account security in Chromium (${CHROMIUM})`, () => {
  let shop: Shop
  let browser: Parameters<typeof openPage>[0]
  useShopInBrowser(
    (running) => {
      shop = running.shop
      browser = running.browser
    },
    { servicesEnv: { JWT_TTL: '15s' } },
  )

  const open = async (url: string, options: { profile?: StoredProfile; width?: number } = {}) => {
    const page = await openPage(browser, `${shop.shellUrl}${url}`, options)
    page.setDefaultTimeout(SLOW)
    return page
  }

  /** A screenshot at 360 and 1280 px, each checked for sideways scrolling and by axe. */
  async function shoot(page: TestPage, name: string) {
    const problems: string[] = []
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 740 : 800 })
      const overflow = await horizontalOverflow(page)
      if (overflow > 0) problems.push(`${name} @${width}: ${overflow}px sideways`)
      const file = await saveScreenshot(page, `account-${name}`)
      if (REVIEW_SHOTS) {
        await mkdir(REVIEW_SHOTS, { recursive: true })
        await copyFile(file, path.join(REVIEW_SHOTS, path.basename(file)))
      }
    }
    problems.push(...(await seriousAxeProblems(page, name)))
    expect(problems).toEqual([])
  }

  const storedProfile = async (page: TestPage) =>
    JSON.parse((await page.evaluate(() => localStorage.getItem('profile'))) ?? 'null') as
      | (StoredProfile & { refreshToken?: string })
      | null

  async function signInWith(page: TestPage, email: string, password: string, name: string) {
    await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText(`welcome ${name}`).waitFor()
  }

  /** The reset link in the newest 'choose a new password' notice messaging stored for the account. */
  async function resetLinkFor(userId: string): Promise<string> {
    const messaging = shop.services.get('messaging')
    if (!messaging) throw new Error('no messaging service')
    for (let tries = 0; tries < 300; tries++) {
      const { rows } = await messaging.pool.query<{ text: string }>(
        "SELECT text FROM notifications WHERE user_id = $1 AND text LIKE '%/reset-password?token=%' ORDER BY created_at DESC LIMIT 1",
        [userId],
      )
      const link = rows[0]?.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0]
      if (link) return link
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error('no reset e-mail arrived')
  }

  it('a customer changes the password, signs out, and signs in with the new one', JOURNEY, async () => {
    const customer = await signUpCustomer(shop.gatewayUrl)
    const page = await open('/', { profile: customer, width: 360 })
    // From the account menu (in the phone's menu at 360 px).
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('link', { name: 'Account security' }).click()
    await page.getByRole('heading', { name: 'Account security' }).waitFor()
    await page.getByLabel('Current password').fill(OLD_PASSWORD)
    await page.getByLabel('New password', { exact: true }).fill('monsoon paper kite 7')
    await page.getByText('Strength: strong').waitFor()
    await page.getByLabel('Confirm new password').fill('monsoon paper kite 7')
    await shoot(page, 'change-password')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Your password has been changed. Your other devices have been signed out.').waitFor()
    // This device carries on with the new session the answer brought.
    const renewed = await storedProfile(page)
    expect(renewed?.refreshToken).toBeTruthy()
    expect(renewed?.refreshToken).not.toBe(customer.refreshToken)

    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: customer.userInfo.name }).click()
    await page.getByRole('button', { name: 'Log Out', exact: true }).click()
    await page.getByText('Log Out Successful').waitFor()
    await page.getByRole('link', { name: 'Sign in', exact: true }).click()
    await page.getByLabel('Email').fill(customer.userInfo.email)
    await page.getByLabel('Password').fill(OLD_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Invalid email or password').first().waitFor()
    await page.getByLabel('Password').fill('monsoon paper kite 7')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText(`welcome ${customer.userInfo.name}`).waitFor()
  })

  it(
    'forgot password → the e-mailed link → a new password → signed in; the link works once',
    JOURNEY,
    async () => {
      const customer = await signUpCustomer(shop.gatewayUrl)
      const page = await open('/login', { width: 1280 })
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await page.getByRole('heading', { name: 'Forgot password?' }).waitFor()
      await page.getByLabel('Email').fill(customer.userInfo.email)
      await shoot(page, 'forgot-password')
      await page.getByRole('button', { name: 'Send the link' }).click()
      await page.getByText(/^If an account exists for this email/).waitFor()
      await shoot(page, 'forgot-password-sent')

      const link = await resetLinkFor(customer.userInfo.id)
      expect(new URL(link).origin).toBe(shop.shellUrl)
      // Opened from the e-mail: a deep link the static server answers with the app.
      expect((await fetch(link)).status).toBe(200)
      await page.goto(link)
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
      await page.getByLabel('New password', { exact: true }).fill('12345678')
      await page.getByText('Strength: weak').waitFor()
      await shoot(page, 'reset-password')
      await page.getByLabel('New password', { exact: true }).fill('tamarind window 42')
      await page.getByLabel('Confirm new password').fill('tamarind window 42')
      await page.getByRole('button', { name: 'Save the new password' }).click()
      await page.getByText('Your password has been changed. Please sign in with it.').waitFor()
      await signInWith(page, customer.userInfo.email, 'tamarind window 42', customer.userInfo.name)

      // The same link again: refused, with the way to a new one.
      const again = await open(new URL(link).pathname + new URL(link).search, { width: 360 })
      await again.getByLabel('New password', { exact: true }).fill('another long phrase 9')
      await again.getByLabel('Confirm new password').fill('another long phrase 9')
      await again.getByRole('button', { name: 'Save the new password' }).click()
      await again.getByText('This password reset link is invalid, used or expired').waitFor()
      await shoot(again, 'reset-password-used')
      await again.getByRole('link', { name: 'Ask for a new link' }).waitFor()
    },
  )

  it(
    'an expired access token is renewed without the shopper noticing; log out everywhere ends the other device',
    JOURNEY,
    async () => {
      const customer = await signUpCustomer(shop.gatewayUrl)
      const page = await open('/', { profile: customer, width: 1280 })
      const renewals: string[] = []
      page.on('request', (request) => {
        if (request.url().endsWith('/auth/refresh')) renewals.push(request.url())
      })
      // 15-second tokens count as expired 10 s before their end: wait past that, then use the shop.
      await page.waitForTimeout(6_000)
      await page.goto(`${shop.shellUrl}/my-orders`)
      await page.getByRole('heading', { name: 'My orders' }).waitFor()
      await expect.poll(() => renewals.length).toBeGreaterThanOrEqual(1)
      // The renewal's answer is stored once it arrives.
      await expect.poll(async () => (await storedProfile(page))?.token).not.toBe(customer.token)
      expect(new URL(page.url()).pathname).toBe('/my-orders')
      const renewed = await storedProfile(page)
      expect(renewed?.token).not.toBe(customer.token)
      expect(renewed?.refreshToken).not.toBe(customer.refreshToken)
      expect(page.problems).toEqual([])

      // Another device, signed in on its own.
      const signIn = await fetch(`${shop.gatewayUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: customer.userInfo.email, password: OLD_PASSWORD }),
      })
      const laptop = await open('/', { profile: (await signIn.json()) as StoredProfile, width: 1280 })

      await page.goto(`${shop.shellUrl}/account`)
      await page.getByRole('button', { name: 'Log out everywhere' }).click()
      await page.getByRole('group', { name: 'Log out on every device, this one too?' }).waitFor()
      await shoot(page, 'log-out-everywhere')
      await page.getByRole('button', { name: 'Yes, log out everywhere' }).click()
      await page.getByText('You have been logged out on every device.').waitFor()
      await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor()
      expect(await storedProfile(page)).toBeNull()

      // The laptop's token runs out; its renewal is refused: signed out once, told why, sent to sign in.
      await laptop.waitForTimeout(6_000)
      await laptop.goto(`${shop.shellUrl}/my-orders`)
      await laptop.getByText('Your session has ended. Please sign in again.').waitFor()
      await laptop.getByRole('heading', { name: 'Welcome Back!' }).waitFor()
      expect(new URL(laptop.url()).pathname).toBe('/login')
      expect(await storedProfile(laptop)).toBeNull()
    },
  )

  it('the registration form shows the rule and the strength hint', JOURNEY, async () => {
    const page = await open('/registration', { width: 360 })
    await page.getByLabel('First Name').fill('Asha')
    await page.getByLabel('Password', { exact: true }).fill('asha2026')
    await page.getByText('Strength: weak').waitFor()
    await shoot(page, 'registration-hint')
  })
})
