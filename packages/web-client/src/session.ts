import type { AuthResponse } from '@medstore/contracts/identity'
import { useCartSummaryStore } from './stores/cart.ts'
import { useProfileStore } from './stores/profile.ts'

/** Keep what sign-in or sign-up answered (token and user info) for this and later visits. */
export function signIn(auth: AuthResponse): void {
  useProfileStore.getState().setProfile(auth)
}

/** Forget the user (spec: Log Out sets the profile to null) and everything shown on their behalf. */
export function signOut(): void {
  useProfileStore.getState().clearProfile()
  useCartSummaryStore.setState({ itemCount: 0, panelOpen: false })
}
