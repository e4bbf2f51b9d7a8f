/**
 * Runtime configuration of the front ends, read once from the shell's `/config.json` (written per request
 * by its static server from PUBLIC_API_URL), so the API host changes without a rebuild. Loaded lazily by
 * the first API call: the first render does not wait for it.
 */
import { imageOnApi } from '@medstore/contracts/image-urls'
import { takeEarlyDocument } from './early.ts'
export interface RuntimeConfig {
  /** Base URL of the API gateway, without a trailing slash, e.g. `http://localhost:8080`. */
  apiUrl: string
}

let current: Promise<RuntimeConfig> | undefined
/** The configuration once loaded: what a render reads without waiting. */
let loaded: RuntimeConfig | undefined

function normalise(config: RuntimeConfig): RuntimeConfig {
  loaded = { apiUrl: config.apiUrl.replace(/\/+$/, '') }
  return loaded
}

/**
 * A catalogue picture's URL on the gateway this browser uses (see imageOnApi); as given until the
 * configuration has loaded, which any data showing a picture has waited for.
 */
export function apiImage(url: string): string {
  return loaded ? imageOnApi(url, loaded.apiUrl) : url
}

async function fetchConfigBody(): Promise<unknown> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`)
  return response.json()
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  // index.html may have read it already (./early.ts); a failure there is read again here.
  const early = takeEarlyDocument('config')
  const body = ((early ? await early.catch(fetchConfigBody) : await fetchConfigBody()) ??
    null) as Partial<RuntimeConfig> | null
  if (typeof body?.apiUrl !== 'string' || !body.apiUrl) throw new Error('/config.json has no apiUrl')
  return normalise({ apiUrl: body.apiUrl })
}

/** The runtime configuration; fetched on first use, fetched again after a failure. */
export function runtimeConfig(): Promise<RuntimeConfig> {
  current ??= fetchRuntimeConfig().catch((error: unknown) => {
    current = undefined
    throw error
  })
  return current
}

/** Set the configuration directly (tests, or a host that knows it already). */
export function configureRuntime(config: RuntimeConfig): void {
  current = Promise.resolve(normalise(config))
}
