// Exposed as `mfe_store/routes`: one element per path in ./routePaths.ts. No router here: the shell's
// router renders them (see @medstore/remote-contracts).
import type { ReactNode } from 'react'
import { usePendingAdd } from './data/cart.ts'
import type { StoreRoutePath } from './routePaths.ts'
import { AllShop } from './screens/AllShop.tsx'
import { Home } from './screens/Home.tsx'
import { ProductDetails } from './screens/ProductDetails.tsx'
import { Products } from './screens/Products.tsx'
import { ShopDetails } from './screens/ShopDetails.tsx'

/** Every store screen completes a guest's Add to Cart once they are back signed in. */
function StoreScreen({ children }: { children: ReactNode }) {
  usePendingAdd()
  return children
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
