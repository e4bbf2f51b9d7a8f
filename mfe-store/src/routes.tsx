// Exposed as `mfe_store/routes`: one element per path in ./contract.ts. No router here.
import type { ReactNode } from 'react'
import type { StoreRoutesModule } from './contract.ts'
import { usePendingAdd } from './data/cart.ts'
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

export const routes: StoreRoutesModule['routes'] = {
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
