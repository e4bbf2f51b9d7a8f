/**
 * The store's pages, each described once: its path (under the prefixes the shell's `/remotes.json` gives
 * this remote: `/`, `/products/*`, `/productDetails/*`, `/allShop/*`, `/shopDetails/*`), the screen its
 * element loads on demand (written exactly as ./routes.tsx's `import()`), and the API reads the page starts
 * with. The build publishes them as `routes.json` (the shell's server answers 404 for a path no page
 * owns; the shell's index.html preloads the screen's chunk and starts the early reads before any script
 * arrives, and the page's `storeApi` call takes the answer — test/early-requests checks each is exactly
 * what the screen asks for). A new page: a record here and its element in ./routes.tsx (TypeScript insists
 * on both), then redeploy this remote only.
 */
import type { PageRecord } from '@medstore/mf-config'
import { PRODUCTS_PAGE_SIZE } from './domain/catalogue.ts'

export const storePages = {
  // Home is the first page of most visits: it stays in the routes module.
  '/': {},
  '/products': {
    screen: './screens/Products.tsx',
    // The first page of every product, its first card's picture the page's largest element.
    early: [{ path: `/product?page=1&limit=${PRODUCTS_PAGE_SIZE}`, image: 'products.0.thumbnail' }],
  },
  '/productDetails': {
    screen: './screens/ProductDetails.tsx',
    early: [{ path: '/product/productById?productId={productId}', image: 'picture' }],
  },
  '/allShop': { screen: './screens/AllShop.tsx' },
  '/shopDetails/:vendorId': {},
} as const satisfies Record<string, PageRecord>

export type StoreRoutePath = keyof typeof storePages
export const storeRoutePaths = Object.keys(storePages) as StoreRoutePath[]
