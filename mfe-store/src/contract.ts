/**
 * What mfe-store exposes to the shell. Imported by the shell (`@medstore/mfe-store/contract`), so keep
 * this file free of anything but the path list and types: it is compiled into the shell.
 */
import type { RemoteRoutesModule } from '@medstore/mf-config/contract'

/** Routes whose elements come from `mfe_store/routes`. */
export const storePaths = ['/', '/products', '/productDetails', '/allShop', '/shopDetails/:vendorId'] as const

export type StorePath = (typeof storePaths)[number]

/** The module behind the `./routes` expose. */
export type StoreRoutesModule = RemoteRoutesModule<StorePath>
