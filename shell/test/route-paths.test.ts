import { describe, expect, it } from 'vitest'
import { isKnownPath, matchesRoute } from '../src/routePaths.ts'

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

describe('isKnownPath', () => {
  it("knows the shell's pages and the remotes' routes, nothing else", () => {
    for (const path of [
      '/',
      '/login',
      '/registration',
      '/terms',
      '/products',
      '/my-orders',
      '/vendor',
      '/vendor/allOrders',
    ]) {
      expect(isKnownPath(path), path).toBe(true)
    }
    for (const path of ['/nonsense', '/login/x', '/vendor/a/b', '/productDetails/7']) {
      expect(isKnownPath(path), path).toBe(false)
    }
  })
})
