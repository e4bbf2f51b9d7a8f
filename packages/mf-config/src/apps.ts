/**
 * The four front ends: where they live, the port each one is served on, and (for remotes) the
 * federation name and the environment variable that overrides the URL of its manifest in the shell's
 * runtime `/remotes.json`. No rspack import here: the static server and the orchestrator read this too.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

import type { RemoteName, RemotesMap } from './contract.ts'

export type { RemoteName, RemotesMap }
export type WebAppId = 'shell' | 'mfe-store' | 'mfe-checkout' | 'mfe-vendor'

export interface WebApp {
  id: WebAppId
  /** Federation container name (a JS identifier). */
  mfName: 'shell' | RemoteName
  /** Absolute path of the app's directory. */
  dir: string
  /** Default port (`PORT` overrides it when the app is served alone). */
  port: number
  /** Serve index.html for unknown extension-less paths (client-side routes). */
  spa: boolean
}

export interface RemoteApp extends WebApp {
  mfName: RemoteName
  /** Env var that overrides this remote's manifest URL in the shell's `/remotes.json`. */
  urlEnv: string
}

export const shellApp: WebApp = {
  id: 'shell',
  mfName: 'shell',
  dir: path.join(repoRoot, 'shell'),
  port: 3000,
  spa: true,
}

export const remoteApps: readonly RemoteApp[] = [
  {
    id: 'mfe-store',
    mfName: 'mfe_store',
    dir: path.join(repoRoot, 'mfe-store'),
    port: 3001,
    spa: true,
    urlEnv: 'REMOTE_STORE_URL',
  },
  {
    id: 'mfe-checkout',
    mfName: 'mfe_checkout',
    dir: path.join(repoRoot, 'mfe-checkout'),
    port: 3002,
    spa: true,
    urlEnv: 'REMOTE_CHECKOUT_URL',
  },
  {
    id: 'mfe-vendor',
    mfName: 'mfe_vendor',
    dir: path.join(repoRoot, 'mfe-vendor'),
    port: 3003,
    spa: true,
    urlEnv: 'REMOTE_VENDOR_URL',
  },
]

/** Build order: remotes first, shell last (any order works; this one reads well in logs). */
export const webApps: readonly WebApp[] = [...remoteApps, shellApp]

export function findWebApp(id: string): WebApp | undefined {
  return webApps.find((app) => app.id === id || app.mfName === id)
}

/**
 * The shell's runtime remote table. Precedence per remote: the env var (e.g. `REMOTE_STORE_URL`),
 * then `overrides`, then `http://<host>:<default port>/mf-manifest.json` where host defaults to
 * `localhost` (the static server passes the hostname the browser used, so a LAN address keeps working).
 */
export function resolveRemotes(
  options: { overrides?: Partial<RemotesMap>; hostname?: string; env?: NodeJS.ProcessEnv } = {},
): RemotesMap {
  const env = options.env ?? process.env
  const hostname = options.hostname ?? 'localhost'
  const entries = remoteApps.map((app) => {
    const url =
      env[app.urlEnv] || options.overrides?.[app.mfName] || `http://${hostname}:${app.port}/mf-manifest.json`
    return [app.mfName, url] as const
  })
  return Object.fromEntries(entries) as RemotesMap
}
