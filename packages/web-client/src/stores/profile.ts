import type { AuthResponse, UserInfo } from '@medstore/contracts/identity'
import { create } from 'zustand'

/**
 * The signed-in user, kept in local storage under the key `profile` (spec: token and userInfo), in the
 * same plain shape the spec describes so any screen reading it directly still works; beside them the
 * refresh token that renews the short-lived access token (../session.ts). One store for the page: remotes
 * import it from `@medstore/web-client`, a Module Federation singleton.
 */
export interface Profile {
  token: string
  userInfo: UserInfo
  /** Absent in a session stored before refresh tokens existed: it ends with its access token. */
  refreshToken?: string
}

export const PROFILE_STORAGE_KEY = 'profile'

/** Seconds since the epoch at which a JWT expires, if it says. Not a verification: the server does that. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp : undefined
  } catch {
    return undefined
  }
}

/**
 * A stored value is used only if it has the shape we wrote, and its access token has not expired yet or a
 * refresh token can renew it.
 */
export function parseStoredProfile(raw: string | null, nowMs = Date.now()): Profile | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  const candidate = value as Partial<Profile> | null
  const info = candidate?.userInfo as Partial<UserInfo> | undefined
  if (
    typeof candidate?.token !== 'string' ||
    !candidate.token ||
    typeof info?.name !== 'string' ||
    typeof info.id !== 'string'
  ) {
    return null
  }
  const refreshToken =
    typeof candidate.refreshToken === 'string' && candidate.refreshToken ? candidate.refreshToken : undefined
  const exp = tokenExpiry(candidate.token)
  if (exp !== undefined && exp * 1000 <= nowMs && !refreshToken) return null
  return {
    token: candidate.token,
    ...(refreshToken ? { refreshToken } : {}),
    userInfo: {
      id: info.id,
      name: info.name,
      email: typeof info.email === 'string' ? info.email : '',
      userName: typeof info.userName === 'string' ? info.userName : '',
      isAdmin: info.isAdmin === true,
    },
  }
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined // storage disabled (privacy mode): the session lasts as long as the page
  }
}

function readProfile(): Profile | null {
  return parseStoredProfile(storage()?.getItem(PROFILE_STORAGE_KEY) ?? null)
}

interface ProfileState {
  profile: Profile | null
  /** Store what sign-in, sign-up, a refresh or a password change answered. */
  setProfile(auth: AuthResponse): void
  clearProfile(): void
  /** Read the stored session again (another tab may have renewed it or signed out a moment ago). */
  reloadProfile(): Profile | null
}

export const useProfileStore = create<ProfileState>()((set) => ({
  profile: readProfile(),
  setProfile(auth) {
    const profile: Profile = {
      token: auth.token,
      userInfo: auth.userInfo,
      ...(auth.refreshToken ? { refreshToken: auth.refreshToken } : {}),
    }
    storage()?.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile))
    set({ profile })
  },
  clearProfile() {
    storage()?.removeItem(PROFILE_STORAGE_KEY)
    set({ profile: null })
  },
  reloadProfile() {
    const profile = readProfile()
    set({ profile })
    return profile
  },
}))

// Signing in or out in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === PROFILE_STORAGE_KEY || event.key === null)
      useProfileStore.setState({ profile: readProfile() })
  })
}

/** The signed-in user's info, or null for a guest (a React hook). */
export function useUser(): UserInfo | null {
  return useProfileStore((state) => state.profile?.userInfo ?? null)
}
