// Exposed as `mfe_store/routes`: one element per path in ./contract.ts. No router here.
import type { StoreRoutesModule } from './contract.ts'
import { AllShop } from './screens/AllShop.tsx'
import { Home } from './screens/Home.tsx'
import { ProductDetails } from './screens/ProductDetails.tsx'
import { Products } from './screens/Products.tsx'
import { ShopDetails } from './screens/ShopDetails.tsx'

export const routes: StoreRoutesModule['routes'] = {
  '/': <Home />,
  '/products': <Products />,
  '/productDetails': <ProductDetails />,
  '/allShop': <AllShop />,
  '/shopDetails/:vendorId': <ShopDetails />,
}
