// Exposed as `mfe_vendor/routes`: one element per page of ./pages.ts. No router here: the shell's
// router renders them inside its back-office frame (see @medstore/remote-contracts).
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import type { VendorRoutePath } from './routePaths.ts'
import { BackOffice } from './screens/BackOffice.tsx'

export { navigation } from './pages.ts'

export const routes: Readonly<Record<VendorRoutePath, ReactNode>> = {
  '/vendor': <Navigate to="/vendor/dashboard" replace />,
  '/vendor/:panel': <BackOffice />,
}
