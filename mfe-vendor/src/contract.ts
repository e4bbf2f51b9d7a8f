/**
 * What mfe-vendor exposes to the shell. Imported by the shell (`@medstore/mfe-vendor/contract`), so
 * keep this file free of anything but the path list and types: it is compiled into the shell.
 */
import type { RemoteRoutesModule } from '@medstore/mf-config/contract'

/** Routes whose elements come from `mfe_vendor/routes`. The shell renders them without storefront chrome. */
export const vendorPaths = ['/vendor/:panel'] as const

export type VendorPath = (typeof vendorPaths)[number]

/** The module behind the `./routes` expose. */
export type VendorRoutesModule = RemoteRoutesModule<VendorPath>
