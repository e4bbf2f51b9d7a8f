/**
 * Checkout's pages, each described once: its path (under the prefixes the shell's `/remotes.json` gives
 * this remote: `/checkout/*`, `/my-orders/*`, `/my-prescriptions/*`, `/orderHistory/*`; `/checkout/*` holds
 * the payment pages), the screen its element loads on demand (written exactly as ./routes.tsx's `import()`),
 * the API reads the page starts with, and its link in the storefront's account menu (text by a key of
 * this remote's catalogues, ./locales). The build publishes them as `routes.json` (the shell's server
 * answers 404 for a path no page owns; the shell's index.html preloads the screen's chunk and starts the
 * early reads — signed in, with the stored token — before any script arrives; test/early-requests checks
 * each is exactly what the page asks for). A new page: a record here and its element in ./routes.tsx
 * (TypeScript insists on both), then redeploy this remote only.
 */
import type { PageRecord } from '@medstore/mf-config'

export const checkoutPages = {
  // The cart is read only for a signed-in customer; the page's first `readCart` takes the answer.
  '/checkout': { screen: './screens/Checkout.tsx', early: [{ path: '/cart', signedIn: true }] },
  '/checkout/*': {},
  '/my-orders': {
    screen: './screens/MyOrders.tsx',
    account: { message: 'accountMenu.myOrders', order: 10 },
  },
  '/my-prescriptions': {
    screen: './screens/MyPrescriptions.tsx',
    account: { message: 'accountMenu.myPrescriptions', order: 20 },
  },
  '/orderHistory': {},
} as const satisfies Record<string, PageRecord>

export type CheckoutRoutePath = keyof typeof checkoutPages
export const checkoutRoutePaths = Object.keys(checkoutPages) as CheckoutRoutePath[]
