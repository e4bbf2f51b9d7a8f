/**
 * The screen each route's element loads on demand (./routes.tsx), written exactly as its `import()` is.
 * The build publishes their chunks in `routes.json` (`code`), and the shell's index.html preloads the
 * page's with the remote's `./routes` code: the screen's chunk no longer waits for the routes module to
 * run. The build fails when one is not an `import()` it bundles.
 */
import type { StoreRoutePath } from './routePaths.ts'

export const storeScreenImports: Partial<Record<StoreRoutePath, string>> = {
  '/products': './screens/Products.tsx',
  '/productDetails': './screens/ProductDetails.tsx',
  '/allShop': './screens/AllShop.tsx',
}
