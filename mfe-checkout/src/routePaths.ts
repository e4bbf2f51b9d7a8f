/**
 * The routes mfe-checkout answers, all under the prefixes the shell's `/remotes.json` gives it
 * (`/checkout/*`, `/my-orders/*`, `/my-prescriptions/*`, `/orderHistory/*`). This remote owns the list: add a path here and its
 * element in ./routes.tsx (TypeScript insists on both) and redeploy this remote only. The build publishes
 * the list as `routes.json` for the shell's server (its 404s). `/checkout/*`: the payment pages.
 */
export const checkoutRoutePaths = [
  '/checkout',
  '/checkout/*',
  '/my-orders',
  '/my-prescriptions',
  '/orderHistory',
] as const

export type CheckoutRoutePath = (typeof checkoutRoutePaths)[number]
