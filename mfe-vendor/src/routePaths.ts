/**
 * The routes mfe-vendor answers, all under the prefix the shell's `/remotes.json` gives it (`/vendor/*`).
 * This remote owns the list: add a path here and its element in ./routes.tsx (TypeScript insists on
 * both) and redeploy this remote only. The build publishes the list as `routes.json` for the shell's
 * server (its 404s). `/vendor` itself leads to the dashboard.
 */
export const vendorRoutePaths = ['/vendor', '/vendor/:panel'] as const

export type VendorRoutePath = (typeof vendorRoutePaths)[number]
