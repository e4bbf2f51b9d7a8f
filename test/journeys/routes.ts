/**
 * Every page of the shop as a URL to open, from the shell's route list (its own routes and each remote's
 * contract), so a route added later is swept too, or this throws until it says how to open it.
 */

import { checkoutRoutePaths } from '../../mfe-checkout/src/pages.ts'
import { storeRoutePaths } from '../../mfe-store/src/pages.ts'
import { navigation as backOfficeNavigation } from '../../mfe-vendor/src/pages.ts'
import { vendorRoutePaths } from '../../mfe-vendor/src/routePaths.ts'
import { shellOwnPaths } from '../../shell/src/routePaths.ts'

/** The shell's own pages and each remote's published routes (the seam the shell reads at run time). */
const knownPaths: readonly string[] = [
  ...shellOwnPaths,
  ...storeRoutePaths,
  ...checkoutRoutePaths,
  ...vendorRoutePaths,
]

export interface RouteIds {
  productId: string
  vendorId: string
  orderId: string
}

export interface SweptRoute {
  pattern: string
  url: string
}

/** The URL(s) that open a route pattern with real data. */
function urlsFor(pattern: string, ids: RouteIds): string[] {
  switch (pattern) {
    case '/productDetails':
      return [`/productDetails?productId=${ids.productId}`]
    case '/shopDetails/:vendorId':
      return [`/shopDetails/${ids.vendorId}`]
    case '/checkout/*':
      return [`/checkout/confirmation?orderId=${ids.orderId}`]
    case '/vendor':
      return [] // redirects to /vendor/dashboard, swept below
    case '/vendor/:panel':
      return backOfficeNavigation.map((entry) => entry.path)
    default:
      if (pattern.includes(':') || pattern.includes('*'))
        throw new Error(`routes.ts does not know how to open ${pattern}: add it to urlsFor`)
      return [pattern]
  }
}

export const allRoutes = (ids: RouteIds): SweptRoute[] =>
  knownPaths.flatMap((pattern) => urlsFor(pattern, ids).map((url) => ({ pattern, url })))

export const isBackOffice = (route: SweptRoute) => route.pattern.startsWith('/vendor')
/** The shell's own pages (sign-in, policies): the same for everyone but the header. */
export const isShellPage = (route: SweptRoute) => (shellOwnPaths as readonly string[]).includes(route.pattern)
