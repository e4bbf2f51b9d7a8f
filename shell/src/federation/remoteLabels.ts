import type { RemoteName } from '@medstore/remote-contracts'

/** What the shell calls each remote's area when it is unavailable (for screen readers and logs). */
export const remoteLabels: Record<RemoteName, string> = {
  mfe_store: 'store',
  mfe_checkout: 'checkout',
  mfe_vendor: 'back-office',
}
