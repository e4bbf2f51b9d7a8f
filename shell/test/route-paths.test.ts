import { resolveRemotes } from '@medstore/mf-config/apps'
import { describe, expect, it } from 'vitest'
import { isKnownPath, matchesRoute, remoteOwning, routesWithin } from '../src/routePaths.ts'

describe('matchesRoute', () => {
  it('matches as the router does: params, a trailing star, any case, a trailing slash', () => {
    expect(matchesRoute('/', '/')).toBe(true)
    expect(matchesRoute('/products', '/Products/')).toBe(true)
    expect(matchesRoute('/shopDetails/:vendorId', '/shopDetails/v1')).toBe(true)
    expect(matchesRoute('/shopDetails/:vendorId', '/shopDetails')).toBe(false)
    expect(matchesRoute('/shopDetails/:vendorId', '/shopDetails/v1/x')).toBe(false)
    expect(matchesRoute('/checkout/*', '/checkout/a/b')).toBe(true)
    expect(matchesRoute('/checkout/*', '/checkout')).toBe(true)
    expect(matchesRoute('/', '/x')).toBe(false)
  })
})

// The default table (as `npm start` serves it) and the routes each remote publishes today.
const table = resolveRemotes({ env: {} })
const published = {
  mfe_store: ['/', '/products', '/productDetails', '/allShop', '/shopDetails/:vendorId'],
  mfe_checkout: ['/checkout', '/checkout/*', '/my-orders', '/my-prescriptions', '/orderHistory'],
  mfe_vendor: ['/vendor', '/vendor/:panel'],
}

describe('remoteOwning', () => {
  it('gives a path to the remote whose prefix covers it, and no path to two remotes', () => {
    expect(remoteOwning('/', table)).toBe('mfe_store')
    expect(remoteOwning('/shopDetails/a/b', table)).toBe('mfe_store')
    expect(remoteOwning('/checkout/confirmation', table)).toBe('mfe_checkout')
    expect(remoteOwning('/vendor', table)).toBe('mfe_vendor')
    expect(remoteOwning('/vendor/new-panel/7', table)).toBe('mfe_vendor')
    expect(remoteOwning('/login', table)).toBeUndefined()
    expect(remoteOwning('/nonsense', table)).toBeUndefined()
    for (const [remote, routes] of Object.entries(published)) {
      for (const route of routes) expect(remoteOwning(route, table), route).toBe(remote)
    }
  })
})

describe('routesWithin', () => {
  it("drops a remote's routes outside its prefixes (it cannot take another's path)", () => {
    expect(routesWithin(['/vendor/:panel', '/login', '/products'], ['/vendor/*'])).toEqual(['/vendor/:panel'])
  })
})

describe('isKnownPath', () => {
  const routesOf = (remote: keyof typeof published) => published[remote]

  it("knows the shell's pages and the remotes' published routes, nothing else", () => {
    for (const path of [
      '/',
      '/login',
      '/registration',
      // Opened from e-mails and bookmarks: the static server answers them with the app, not a 404.
      '/forgot-password',
      '/reset-password',
      '/account',
      '/terms',
      '/products',
      '/my-orders',
      '/vendor',
      '/vendor/allOrders',
      '/checkout/confirmation',
    ]) {
      expect(isKnownPath(path, table, routesOf), path).toBe(true)
    }
    for (const path of ['/nonsense', '/login/x', '/vendor/a/b', '/productDetails/7', '/my-orders/x']) {
      expect(isKnownPath(path, table, routesOf), path).toBe(false)
    }
  })

  it('counts a new route as soon as the remote publishes it, with no change to the shell', () => {
    expect(isKnownPath('/vendor/reports/2026', table, routesOf)).toBe(false)
    const next = { ...published, mfe_vendor: [...published.mfe_vendor, '/vendor/reports/:year'] }
    expect(isKnownPath('/vendor/reports/2026', table, (remote) => next[remote])).toBe(true)
  })

  it('gives a remote that cannot be asked the benefit of the doubt under its prefixes (its fallback shows)', () => {
    expect(isKnownPath('/vendor/anything/at/all', table, () => undefined)).toBe(true)
    expect(isKnownPath('/nonsense', table, () => undefined)).toBe(false)
  })
})
