import { describe, expect, it } from 'vitest'
import { accountMenuEntries } from '../src/account-menu.ts'
import { pageOptions } from '../src/index.ts'

describe('page records', () => {
  it('give the build every path, and the early reads and screens of the pages that have them', () => {
    expect(
      pageOptions({
        '/': {},
        '/products': { screen: './screens/Products.tsx', early: [{ path: '/product?page=1' }] },
        '/allShop': { screen: './screens/AllShop.tsx' },
        '/my-orders': { account: { message: 'menu.orders', order: 10 } },
      }),
    ).toEqual({
      routes: ['/', '/products', '/allShop', '/my-orders'],
      earlyRequests: { '/products': [{ path: '/product?page=1' }] },
      screens: { '/products': './screens/Products.tsx', '/allShop': './screens/AllShop.tsx' },
      accountMenu: { '/my-orders': { message: 'menu.orders', order: 10 } },
    })
  })
})

describe('account menu entries', () => {
  const catalogues = {
    en: { 'menu.orders': 'My Orders', 'menu.count': '{count} orders' },
    hi: { 'menu.orders': 'मेरे ऑर्डर', 'menu.count': '{count} ऑर्डर' },
  }

  it("carry the page's text in every language of the remote's catalogues", () => {
    expect(accountMenuEntries({ '/my-orders': { message: 'menu.orders', order: 10 } }, catalogues)).toEqual([
      { path: '/my-orders', label: { en: 'My Orders', hi: 'मेरे ऑर्डर' }, order: 10 },
    ])
  })

  it('fail the build for a missing or formatted message, a page with parameters, or no English', () => {
    expect(() => accountMenuEntries({ '/a': { message: 'menu.none', order: 1 } }, catalogues)).toThrow(
      /"menu.none" is not plain text in en.json/,
    )
    expect(() => accountMenuEntries({ '/a': { message: 'menu.count', order: 1 } }, catalogues)).toThrow(
      /not plain text/,
    )
    expect(() => accountMenuEntries({ '/a/:id': { message: 'menu.orders', order: 1 } }, catalogues)).toThrow(
      /has parameters/,
    )
    expect(() =>
      accountMenuEntries({ '/a': { message: 'menu.orders', order: 1 } }, { hi: catalogues.hi }),
    ).toThrow(/no English catalogue/)
  })
})
