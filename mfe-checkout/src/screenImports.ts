/**
 * The screen each route's element loads on demand (./routes.tsx), written exactly as its `import()` is.
 * The build publishes their chunks in `routes.json` (`code`), and the shell's index.html preloads the
 * page's with the remote's `./routes` code. The build fails when one is not an `import()` it bundles.
 */
import type { CheckoutRoutePath } from './routePaths.ts'

export const checkoutScreenImports: Partial<Record<CheckoutRoutePath, string>> = {
  '/checkout': './screens/Checkout.tsx',
  '/my-orders': './screens/MyOrders.tsx',
  '/my-prescriptions': './screens/MyPrescriptions.tsx',
}
