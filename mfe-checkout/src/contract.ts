/**
 * What mfe-checkout exposes to the shell. Imported by the shell (`@medstore/mfe-checkout/contract`), so
 * keep this file free of anything but the path list and types: it is compiled into the shell.
 */
import type { RemoteRoutesModule } from '@medstore/mf-config/contract'
import type { ComponentType } from 'react'

/** Routes whose elements come from `mfe_checkout/routes` (`/checkout/*`: the payment pages). */
export const checkoutPaths = ['/checkout', '/checkout/*', '/my-orders', '/orderHistory'] as const

export type CheckoutPath = (typeof checkoutPaths)[number]

/** The module behind the `./routes` expose. */
export type CheckoutRoutesModule = RemoteRoutesModule<CheckoutPath>

export interface CartPanelProps {
  /** Close the panel (Continue Shopping, or after Checkout navigated to /checkout). */
  onClose: () => void
}

/** The module behind the `./CartPanel` expose: the side cart the shell's header opens. */
export interface CartPanelModule {
  CartPanel: ComponentType<CartPanelProps>
}

/**
 * The module behind the `./CartSync` expose: renders nothing; keeps the header's badge count
 * (`useCartSummaryStore.itemCount`) equal to the signed-in customer's cart, reloading on sign-in and
 * whenever `cartChanged()` is called. The shell mounts it once in the storefront frame.
 */
export interface CartSyncModule {
  CartSync: ComponentType
}
