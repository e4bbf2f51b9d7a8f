import { type ApiClient, createApiClient } from './api.ts'
import { runtimeConfig } from './config.ts'

/**
 * The client the session itself uses (renewing tokens, signing out on the server): it sends no access
 * token and shows nothing, so a failure here never loops back into the page client's 401 handling.
 */
export const sessionApi: ApiClient = createApiClient({
  baseUrl: async () => (await runtimeConfig()).apiUrl,
  token: () => null,
  onUnauthorized: () => {},
  onError: () => {},
})
