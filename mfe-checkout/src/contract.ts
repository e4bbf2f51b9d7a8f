/**
 * What mfe-checkout exposes to the shell. Imported by the shell (`@medstore/mfe-checkout/contract`), so
 * keep this file free of anything but the path list and types: it is compiled into the shell.
 */
import type { RemoteRoutesModule } from '@medstore/mf-config/contract'

/** Routes whose elements come from `mfe_checkout/routes`. */
export const checkoutPaths = ['/checkout', '/my-orders', '/orderHistory'] as const

export type CheckoutPath = (typeof checkoutPaths)[number]

/** The module behind the `./routes` expose. */
export type CheckoutRoutesModule = RemoteRoutesModule<CheckoutPath>
