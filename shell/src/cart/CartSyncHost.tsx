import { useUser } from '@medstore/web-client'
import { useRemoteModule } from '../federation/useRemoteModule.ts'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'

function CartSyncContent() {
  const module = useRemoteModule('mfe_checkout/CartSync')
  if (!module) return null
  const { CartSync } = module
  return <CartSync />
}

/**
 * Mounts mfe-checkout's invisible CartSync, which keeps the header's badge count true. If checkout is
 * down the badge just stays as it is: nothing to show, so the boundary renders nothing. Guests have no
 * cart (sign-out zeroes the badge), so their pages never load checkout's code for it.
 */
export function CartSyncHost() {
  const signedIn = useUser() !== null
  if (!signedIn) return null
  return (
    <ErrorBoundary fallback={() => null}>
      <CartSyncContent />
    </ErrorBoundary>
  )
}
