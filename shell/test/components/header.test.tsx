// @vitest-environment happy-dom
import { accountMenuEntries } from '@medstore/mf-config/account-menu'
import type { AccountMenuEntry } from '@medstore/remote-contracts'
import { useLanguageStore } from '@medstore/ui'
import { configureRuntime, signIn, useCartSummaryStore, useProfileStore } from '@medstore/web-client'
import { json, startTestServer } from '@medstore/web-client/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { act } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadAccountMenu } from '../../src/federation/accountMenu.ts'
import { Header } from '../../src/layout/Header.tsx'
import { TopBar } from '../../src/layout/TopBar.tsx'
import { initialsOf } from '../../src/layout/UserMenu.tsx'
import { admin, customer, renderAt, resetPage } from './helpers.tsx'

/** Stand-ins for what mfe-checkout publishes in its routes.json (mfe-checkout/test checks its own). */
const checkoutEntries: AccountMenuEntry[] = [
  { path: '/my-prescriptions', label: { en: 'My Prescriptions', hi: 'मेरे पर्चे' }, order: 20 },
  { path: '/my-orders', label: { en: 'My Orders', hi: 'मेरे ऑर्डर' }, order: 10 },
]
/** What the remotes' static servers answer: `/{remote}/routes.json`, beside its manifest. */
const published: Record<string, AccountMenuEntry[]> = {}

let gateway: Awaited<ReturnType<typeof startTestServer>>
const storeRemote = (dir: string) => ({
  entry: `${gateway.url}/${dir}/mf-manifest.json`,
  prefixes: [`/${dir}/*`],
  frame: 'store' as const,
})
const readMenu = () => loadAccountMenu({ mfe_checkout: storeRemote('checkout') })

beforeAll(async () => {
  gateway = await startTestServer({
    'GET /category': (_req, res) => json(res, 200, [{ _id: 'c1', name: 'Ayurveda' }]),
    'PUT /auth/locale': (_req, res, body) => json(res, 200, { ...customer.userInfo, ...JSON.parse(body) }),
    'GET /checkout/routes.json': (_req, res) =>
      json(res, 200, { routes: ['/my-orders', '/my-prescriptions'], account: published.checkout }),
  })
  configureRuntime({ apiUrl: gateway.url })
})
afterAll(() => gateway.close())
beforeEach(async () => {
  resetPage()
  published.checkout = checkoutEntries
  await readMenu()
})

const header = () => screen.getByRole('banner')
const renderHeader = (url = '/products') => renderAt(url, { '*': <Header /> })

describe('header', () => {
  it('guest: the user icon links to /login (back to this page after), no menu, no back-office', () => {
    renderHeader('/productDetails?productId=7')
    const signInLink = within(header()).getByRole('link', { name: 'Sign in' })
    expect(signInLink.getAttribute('href')).toBe(
      `/login?from=${encodeURIComponent('/productDetails?productId=7')}`,
    )
    expect(within(header()).queryByRole('link', { name: 'Back-office' })).toBeNull()
    expect(within(header()).queryByRole('button', { name: /Asha/ })).toBeNull()
    // Shop, Contact Us, About, and the chat button opening the external chat.
    const main = within(header()).getByRole('navigation', { name: 'Main' })
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Shop', '/products'],
      ['Contact Us', '#contact'],
      ['About', '#about'],
    ])
    const chat = within(header()).getByRole('link', { name: 'Chat with us' })
    expect(chat.getAttribute('target')).toBe('_blank')
    expect(chat.getAttribute('rel')).toContain('noopener')
  })

  it('customer: name with a menu holding My Orders, My Prescriptions, Account security and Log Out; no back-office link', () => {
    signIn(customer)
    renderHeader()
    expect(within(header()).queryByRole('link', { name: 'Sign in' })).toBeNull()
    expect(within(header()).queryByRole('link', { name: 'Back-office' })).toBeNull()
    const menuButton = within(header()).getByRole('button', { name: 'Asha Rao' })
    expect(menuButton.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(menuButton)
    expect(menuButton.getAttribute('aria-expanded')).toBe('true')
    expect(within(header()).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/my-orders')
    expect(within(header()).getByRole('link', { name: 'My Prescriptions' }).getAttribute('href')).toBe(
      '/my-prescriptions',
    )
    expect(within(header()).getByRole('link', { name: 'Account security' }).getAttribute('href')).toBe(
      '/account',
    )

    fireEvent.click(within(header()).getByRole('button', { name: 'Log Out' }))
    expect(useProfileStore.getState().profile).toBeNull()
    expect(localStorage.getItem('profile')).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('Log Out Successful')
    expect(screen.getByTestId('location').textContent).toBe('/')
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toBeTruthy()
  })

  it('administrator: the back-office link, decided by isAdmin', () => {
    signIn(admin)
    renderHeader()
    expect(within(header()).getByRole('link', { name: 'Back-office' }).getAttribute('href')).toBe(
      '/vendor/allOrders',
    )
    expect(within(header()).getByRole('button', { name: 'Pharmacist Admin' })).toBeTruthy()
  })

  it("a customer whose user name is 'ADMIN' is not an administrator (the spec's defect)", () => {
    signIn({ ...customer, userInfo: { ...customer.userInfo, userName: 'ADMIN' } })
    renderHeader()
    expect(within(header()).queryByRole('link', { name: 'Back-office' })).toBeNull()
  })

  it('the cart button shows the count from the shared cart summary and opens the cart panel', () => {
    renderHeader()
    expect(within(header()).getByRole('button', { name: 'Cart' })).toBeTruthy()
    act(() => useCartSummaryStore.getState().setItemCount(3))
    fireEvent.click(within(header()).getByRole('button', { name: 'Cart, 3 items' }))
    expect(useCartSummaryStore.getState().panelOpen).toBe(true)
  })

  it('turns fixed after scrolling more than 100 px', () => {
    renderHeader()
    expect(header().getAttribute('data-fixed')).toBe('false')
    act(() => {
      window.scrollY = 100
      window.dispatchEvent(new Event('scroll'))
    })
    expect(header().getAttribute('data-fixed')).toBe('false')
    act(() => {
      window.scrollY = 101
      window.dispatchEvent(new Event('scroll'))
    })
    expect(header().getAttribute('data-fixed')).toBe('true')
    act(() => {
      window.scrollY = 0
      window.dispatchEvent(new Event('scroll'))
    })
  })

  it('on a phone the links move into a menu, with the account actions', async () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM
    happyDOM.setViewport({ width: 375 })
    signIn(customer)
    renderHeader()
    expect(within(header()).queryByRole('navigation', { name: 'Main' })).toBeNull()
    fireEvent.click(within(header()).getByRole('button', { name: 'Menu' }))
    const mobile = within(header()).getByRole('navigation', { name: 'Mobile' })
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Shop',
      'Stores',
      'Contact Us',
      'About',
      'Chat with us',
      'My Orders',
      'My Prescriptions',
      'Account security',
    ])
    // 'Medicine' opens the category list (its first entry: every medicine).
    const medicine = within(mobile).getByRole('button', { name: /Medicine/ })
    expect(medicine.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(medicine)
    expect(medicine.getAttribute('aria-expanded')).toBe('true')
    expect(within(mobile).getByRole('link', { name: 'All medicines' }).getAttribute('href')).toBe('/products')
    const ayurveda = await within(mobile).findByRole('link', { name: 'Ayurveda' })
    expect(ayurveda.getAttribute('href')).toBe('/products?category=Ayurveda')
    // Log Out on the home page changes no location, yet the menu closes.
    fireEvent.click(within(mobile).getByRole('button', { name: 'Log Out' }))
    expect(within(header()).queryByRole('navigation', { name: 'Mobile' })).toBeNull()
    expect(useProfileStore.getState().profile).toBeNull()
    happyDOM.setViewport({ width: 1024 })
  })

  it('the mobile menu closes on Escape, giving focus back to its button, and on a press outside', () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM
    happyDOM.setViewport({ width: 360 })
    renderAt('/', { '*': <Header /> })
    const toggle = within(header()).getByRole('button', { name: 'Menu' })
    toggle.focus()
    fireEvent.click(toggle)
    const mobile = within(header()).getByRole('navigation', { name: 'Mobile' })
    expect(mobile.contains(document.activeElement)).toBe(true)
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(within(header()).queryByRole('navigation', { name: 'Mobile' })).toBeNull()
    expect(document.activeElement).toBe(toggle)
    fireEvent.click(toggle)
    fireEvent.mouseDown(document.body)
    expect(within(header()).queryByRole('navigation', { name: 'Mobile' })).toBeNull()
    happyDOM.setViewport({ width: 1024 })
  })

  it("lists the entries a remote's page records declare, with no change here; a remote that is down adds none", async () => {
    // A new page record in mfe-checkout (say a wishlist between My Orders and My Prescriptions), as its
    // build publishes it: the text from its catalogues, in every language.
    published.checkout = accountMenuEntries(
      {
        '/my-orders': { message: 'menu.orders', order: 10 },
        '/my-wishlist': { message: 'menu.wishlist', order: 15 },
        '/my-prescriptions': { message: 'menu.rx', order: 20 },
      },
      {
        en: { 'menu.orders': 'My Orders', 'menu.wishlist': 'My Wishlist', 'menu.rx': 'My Prescriptions' },
        hi: { 'menu.orders': 'मेरे ऑर्डर', 'menu.wishlist': 'मेरी पसंद', 'menu.rx': 'मेरे पर्चे' },
      },
    )
    // mfe-store publishes its entries too, but its server is down (no routes.json: 404).
    await loadAccountMenu({ mfe_checkout: storeRemote('checkout'), mfe_store: storeRemote('store') })
    signIn(customer)
    renderHeader()
    const button = within(header()).getByRole('button', { name: 'Asha Rao' })
    button.focus()
    fireEvent.click(button)
    const menu = within(header()).getByRole('list', { hidden: false })
    const entries = () =>
      within(menu)
        .getAllByRole('listitem')
        .map((item) => [item.textContent, item.querySelector('a')?.getAttribute('href') ?? null])
    expect(entries()).toEqual([
      ['My Orders', '/my-orders'],
      ['My Wishlist', '/my-wishlist'],
      ['My Prescriptions', '/my-prescriptions'],
      ['Account security', '/account'],
      ['Log Out', null],
    ])
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'My Orders' }))
    act(() => useLanguageStore.getState().setLanguage('hi'))
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'मेरी पसंद' })).toBeTruthy())
    act(() => useLanguageStore.getState().setLanguage('en'))
  })

  it('the user menu: initials disc, Escape closes it and focus returns to the button', () => {
    signIn(customer)
    renderHeader()
    const button = within(header()).getByRole('button', { name: 'Asha Rao' })
    expect(button.textContent).toContain('AR')
    button.focus()
    fireEvent.click(button)
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'My Orders' }))
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })
})

describe('initialsOf', () => {
  it('takes the first and last words, or the one word', () => {
    expect(initialsOf('Asha Rao')).toBe('AR')
    expect(initialsOf('  ravi  kumar singh ')).toBe('RS')
    expect(initialsOf('Pharmacist')).toBe('P')
    expect(initialsOf('  ')).toBe('?')
  })
})

describe('top bar', () => {
  it('shows free delivery and the phone; lighter on the home route', () => {
    const { rerender } = renderAt('/', { '*': <TopBar home /> })
    expect(screen.getByText('Free delivery for every order!')).toBeTruthy()
    expect(screen.getByRole('link', { name: /\+91/ }).getAttribute('href')).toMatch(/^tel:\+91\d{10}$/)
    expect(screen.getByText('Free delivery for every order!').parentElement?.getAttribute('data-home')).toBe(
      'true',
    )
    rerender(<TopBar home={false} />)
  })

  describe('the language switch', () => {
    const locales = () => gateway.requests.filter((r) => `${r.method} ${r.path}` === 'PUT /auth/locale')
    beforeEach(() => {
      gateway.requests.length = 0
      useLanguageStore.getState().setLanguage('en')
    })

    it('switches this device, and tells the server nothing for a guest', async () => {
      renderAt('/', { '*': <TopBar home /> })
      fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }))
      expect(useLanguageStore.getState().language).toBe('hi')
      expect(localStorage.getItem('language')).toBe('hi')
      await waitFor(() => expect(screen.getByText('हर ऑर्डर पर मुफ़्त डिलीवरी!')).toBeTruthy())
      expect(locales()).toEqual([])
    })

    it("keeps a signed-in customer's choice on the server, for their other devices and e-mails", async () => {
      signIn(customer)
      renderAt('/', { '*': <TopBar home /> })
      fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }))
      await waitFor(() => expect(locales()).toHaveLength(1))
      expect(JSON.parse(locales()[0]?.body ?? '')).toEqual({ locale: 'hi' })
      expect(locales()[0]?.authorization).toMatch(/^bearer customer-token$/i)
    })
  })
})
