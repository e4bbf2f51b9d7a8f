import type { RemoteName } from '@medstore/mf-config/contract'
import type { CartPanelModule, CartSyncModule, CheckoutRoutesModule } from '@medstore/mfe-checkout/contract'
import { checkoutPaths } from '@medstore/mfe-checkout/contract'
import type { StoreRoutesModule } from '@medstore/mfe-store/contract'
import { storePaths } from '@medstore/mfe-store/contract'
import type { VendorRoutesModule } from '@medstore/mfe-vendor/contract'
import { vendorPaths } from '@medstore/mfe-vendor/contract'

/** Every module the shell loads from a remote, by federation id, with its type from the remote's contract. */
export interface RemoteModules {
  'mfe_store/routes': StoreRoutesModule
  'mfe_checkout/routes': CheckoutRoutesModule
  'mfe_checkout/CartPanel': CartPanelModule
  'mfe_checkout/CartSync': CartSyncModule
  'mfe_vendor/routes': VendorRoutesModule
}

export type RemoteModuleId = keyof RemoteModules

export interface RemoteRouteEntry {
  remote: RemoteName
  path: string
  /** Storefront header and footer around it, or the back-office's own frame. */
  chrome: 'store' | 'back-office'
}

export const remoteRoutes: readonly RemoteRouteEntry[] = [
  ...storePaths.map((path) => ({ remote: 'mfe_store' as const, path, chrome: 'store' as const })),
  ...checkoutPaths.map((path) => ({ remote: 'mfe_checkout' as const, path, chrome: 'store' as const })),
  ...vendorPaths.map((path) => ({ remote: 'mfe_vendor' as const, path, chrome: 'back-office' as const })),
]

/** What the shell calls each remote's area when it is unavailable (for screen readers and logs). */
export const remoteLabels: Record<RemoteName, string> = {
  mfe_store: 'store',
  mfe_checkout: 'checkout',
  mfe_vendor: 'back-office',
}
