import { identityApi } from '@medstore/contracts/endpoints'
import type { AuthResponse } from '@medstore/contracts/identity'
import { ApiError } from './api.ts'
import { sessionApi } from './session-api.ts'
import { useCartSummaryStore } from './stores/cart.ts'
import { tokenExpiry, useProfileStore } from './stores/profile.ts'

/**
 * The signed-in session: a short-lived access token sent with every call, renewed with the refresh token
 * (used up by each renewal, which answers the next one) when it expires; signing out ends it on the
 * server too.
 */

/** Keep what sign-in, sign-up or a password change answered (tokens and user info) for this and later visits. */
export function signIn(auth: AuthResponse): void {
  useProfileStore.getState().setProfile(auth)
}

/**
 * Forget the user (spec: Log Out sets the profile to null) and everything shown on their behalf, at
 * once; then tell the server, so the refresh token stops working even if someone copied it. Resolves
 * when the server has answered, or failed to: signing out here never depends on it.
 */
export async function signOut(): Promise<void> {
  const refreshToken = useProfileStore.getState().profile?.refreshToken
  useProfileStore.getState().clearProfile()
  useCartSummaryStore.setState({ itemCount: 0, panelOpen: false })
  if (!refreshToken) return
  await sessionApi.call(identityApi.logout, { body: { refreshToken }, quiet: true }).catch(() => undefined)
}

/** Renew this long before the expiry the token states, so a call does not arrive just too late. */
const EXPIRY_MARGIN_MS = 10_000

/** Whether an access token has expired or is about to, by its own `exp` (an opaque token never is). */
export function accessTokenExpired(token: string, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(token)
  return exp !== undefined && exp * 1000 - EXPIRY_MARGIN_MS <= nowMs
}

/**
 * Runs `work` while no other tab of the shop renews the session: two tabs presenting the same refresh
 * token would look like a stolen copy to the server, which then ends the session for both.
 */
async function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? await locks.request('medstore-session-renewal', work) : await work()
}

async function renew(stale: string): Promise<string | null> {
  // Another tab may have renewed it (or signed out) while this one waited for the lock.
  const profile = useProfileStore.getState().reloadProfile()
  if (!profile) return null
  if (profile.token !== stale && !accessTokenExpired(profile.token)) return profile.token
  if (!profile.refreshToken) return null
  try {
    const auth = await sessionApi.call(identityApi.refresh, {
      body: { refreshToken: profile.refreshToken },
      quiet: true,
    })
    signIn(auth)
    return auth.token
  } catch (error) {
    // 401: the session has ended (signed out elsewhere, password changed, expired). Anything else
    // (network, server down) says nothing about the session: the call fails, the user stays signed in.
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

let renewal: Promise<string | null> | undefined

/**
 * A fresh access token for `stale` (the one a call found expired or refused), or null when the session
 * has ended. Calls at the same time share one renewal, and so one use of the refresh token.
 */
export function renewSession(stale: string): Promise<string | null> {
  const current = useProfileStore.getState().profile?.token
  // A call that set out with the old token while another renewed it: nothing to do but send again.
  if (current && current !== stale && !accessTokenExpired(current)) return Promise.resolve(current)
  renewal ??= exclusively(() => renew(stale)).finally(() => {
    renewal = undefined
  })
  return renewal
}
