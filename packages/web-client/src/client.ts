import { type ApiClient, createApiClient, failureText } from './api.ts'
import { runtimeConfig } from './config.ts'
import { peekEarlyBody, takeEarlyResponse } from './early.ts'
import { loginPath, navigateTo } from './navigation.ts'
import { accessTokenExpired, renewSession, signOut } from './session.ts'
import { toast } from './stores/notifications.ts'
import { useProfileStore } from './stores/profile.ts'

/**
 * The page's API client: base URL from `/config.json`, the signed-in user's token (renewed when it has
 * expired, ./session.ts), failures shown as error toasts with the server's message, and a session that
 * cannot be renewed signs the user out and sends them to /login (coming back to the same page afterwards).
 */
export const api: ApiClient = createApiClient({
  baseUrl: async () => (await runtimeConfig()).apiUrl,
  token: () => useProfileStore.getState().profile?.token,
  // The page's first reads, started by the shell's index.html before any script had arrived.
  early: takeEarlyResponse,
  earlyBody: peekEarlyBody,
  renewToken: renewSession,
  tokenExpired: accessTokenExpired,
  onUnauthorized: (error) => {
    // Calls that shared one failed renewal all end here: the first signs out, the rest have nothing to do.
    if (!useProfileStore.getState().profile) return
    const back = loginPath()
    void signOut()
    toast.error(failureText(error))
    navigateTo(back)
  },
  onError: (error) => {
    toast.error(failureText(error))
  },
})
