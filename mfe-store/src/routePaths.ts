/**
 * The routes mfe-store answers, all under the prefixes the shell's `/remotes.json` gives it (`/`,
 * `/products/*`, `/productDetails/*`, `/allShop/*`, `/shopDetails/*`). This remote owns the list: add a
 * path here and its element in ./routes.tsx (TypeScript insists on both) and redeploy this remote only.
 * The build publishes the list as `routes.json` for the shell's server (its 404s).
 */
export const storeRoutePaths = [
  '/',
  '/products',
  '/productDetails',
  '/allShop',
  '/shopDetails/:vendorId',
] as const

export type StoreRoutePath = (typeof storeRoutePaths)[number]
