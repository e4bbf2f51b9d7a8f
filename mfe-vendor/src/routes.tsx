// Exposed as `mfe_vendor/routes`: one element per path in ./contract.ts. No router here.
import type { VendorRoutesModule } from './contract.ts'
import { BackOffice } from './screens/BackOffice.tsx'

export const routes: VendorRoutesModule['routes'] = {
  '/vendor/:panel': <BackOffice />,
}
