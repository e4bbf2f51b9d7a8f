import { describe, expect, it } from 'vitest'
import { pageOptions } from '../src/index.ts'

describe('page records', () => {
  it('give the build every path, and the early reads and screens of the pages that have them', () => {
    expect(
      pageOptions({
        '/': {},
        '/products': { screen: './screens/Products.tsx', early: [{ path: '/product?page=1' }] },
        '/allShop': { screen: './screens/AllShop.tsx' },
      }),
    ).toEqual({
      routes: ['/', '/products', '/allShop'],
      earlyRequests: { '/products': [{ path: '/product?page=1' }] },
      screens: { '/products': './screens/Products.tsx', '/allShop': './screens/AllShop.tsx' },
    })
  })
})
