// Exposed as `mfe_store/routes`: one element per page of ./pages.ts. No router here: the shell's
// router renders them (see @medstore/remote-contracts).
import { cataloguesReady, LoadingState } from '@medstore/ui'
import { lazyScreen, openedScreensReady } from '@medstore/web-client'
import { lazy, type ReactNode, Suspense } from 'react'
import { usePendingAdd } from './data/cart.ts'
import { ready as messagesReady } from './i18n.ts'
import type { StoreRoutePath } from './pages.ts'
import { Home } from './screens/Home.tsx'

// Home is the first page of most visits and stays in the routes module; the other screens load when
// opened, so the first render of / carries none of them.
const Products = lazyScreen(
  '/products',
  () => import('./screens/Products.tsx'),
  (m) => m.Products,
  cataloguesReady,
)
const ProductDetails = lazyScreen(
  '/productDetails',
  () => import('./screens/ProductDetails.tsx'),
  (m) => m.ProductDetails,
  cataloguesReady,
)
const AllShop = lazyScreen(
  '/allShop',
  () => import('./screens/AllShop.tsx'),
  (m) => m.AllShop,
  cataloguesReady,
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

/**
 * The page's screen can render without suspending (see `RemoteRoutesModule.ready`): its code and this
 * slice's messages in the page's language are in.
 */
export const ready = (): Promise<void> => Promise.all([openedScreensReady(), messagesReady()]).then(() => {})
