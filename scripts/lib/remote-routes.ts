/**
 * The shell's server asks each remote which routes it has: the remote's build publishes them as
 * `routes.json` next to its `mf-manifest.json`. Read per remote URL and kept for a few seconds, so a
 * redeployed remote's new routes count almost at once and a burst of page loads costs one request.
 */
import type { RemoteRoutesManifest } from '@medstore/remote-contracts'

const FRESH_MS = 5_000
const TIMEOUT_MS = 2_000
/** Remote URLs remembered at most (the table has three; env changes can add a few). */
const MAX_ENTRIES = 32

interface Cached {
  at: number
  routes: string[] | undefined
}

function parseManifest(body: unknown): string[] | undefined {
  const routes = (body as Partial<RemoteRoutesManifest> | null)?.routes
  return Array.isArray(routes) && routes.every((route) => typeof route === 'string') ? routes : undefined
}

/**
 * A reader of remotes' route lists by manifest URL. Undefined when the remote cannot be asked (down,
 * slow, an old build without `routes.json`): the caller then treats the path as the remote's.
 */
export function createRemoteRoutesReader(
  fetchImpl: typeof fetch = fetch,
): (manifestUrl: string) => Promise<string[] | undefined> {
  const cache = new Map<string, Cached>()
  return async (manifestUrl) => {
    const cached = cache.get(manifestUrl)
    if (cached && Date.now() - cached.at < FRESH_MS) return cached.routes
    let routes: string[] | undefined
    try {
      const response = await fetchImpl(new URL('routes.json', manifestUrl), {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      routes = response.ok ? parseManifest(await response.json()) : undefined
    } catch {
      routes = undefined
    }
    if (cache.size >= MAX_ENTRIES) cache.clear()
    cache.set(manifestUrl, { at: Date.now(), routes })
    return routes
  }
}
