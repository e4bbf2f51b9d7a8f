// Exposed as `mfe_store/routes`: one element per path in ./routePaths.ts. No router here: the shell's
// router renders them (see @medstore/remote-contracts).
import { LoadingState } from '@medstore/ui'
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { usePendingAdd } from './data/cart.ts'
import type { StoreRoutePath } from './routePaths.ts'
import { Home } from './screens/Home.tsx'

/**
 * A screen loaded when first shown, or at once when the page was opened at its path: this module is
 * evaluated before the shell's first render (which waits for it), so the screen's chunk arrives
 * alongside that render instead of after it (Lighthouse: one round trip less before /products and a
 * product page can draw their largest element).
 */
function screen<T>(path: StoreRoutePath, load: () => Promise<T>, pick: (module: T) => ComponentType) {
  const opened = typeof window !== 'undefined' && window.location.pathname.replace(/(.)\/+$/, '$1') === path
  const early = opened ? load() : undefined
  return lazy(() => (early ?? load()).then((module) => ({ default: pick(module) })))
}

// Home is the first page of most visits and stays in the routes module; the other screens load when
// opened, so the first render of / carries none of them.
const Products = screen(
  '/products',
  () => import('./screens/Products.tsx'),
  (m) => m.Products,
)
const ProductDetails = screen(
  '/productDetails',
  () => import('./screens/ProductDetails.tsx'),
  (m) => m.ProductDetails,
)
const AllShop = screen(
  '/allShop',
  () => import('./screens/AllShop.tsx'),
  (m) => m.AllShop,
)
const ShopDetails = lazy(() => import('./screens/ShopDetails.tsx').then((m) => ({ default: m.ShopDetails })))

/** Every store screen completes a guest's Add to Cart once they are back signed in. */
function StoreScreen({ children }: { children: ReactNode }) {
  usePendingAdd()
  return <Suspense fallback={<LoadingState />}>{children}</Suspense>
}

export const routes: Readonly<Record<StoreRoutePath, ReactNode>> = {
  '/': (
    <StoreScreen>
      <Home />
    </StoreScreen>
  ),
  '/products': (
    <StoreScreen>
      <Products />
    </StoreScreen>
  ),
  '/productDetails': (
    <StoreScreen>
      <ProductDetails />
    </StoreScreen>
  ),
  '/allShop': (
    <StoreScreen>
      <AllShop />
    </StoreScreen>
  ),
  '/shopDetails/:vendorId': (
    <StoreScreen>
      <ShopDetails />
    </StoreScreen>
  ),
}
