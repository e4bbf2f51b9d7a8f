/**
 * The four front ends: where they live, the port each one is served on, and (for remotes) the
 * federation name, the path prefixes it owns by default and the environment variables that override
 * them in the shell's runtime `/remotes.json`. This is deployment configuration, not the shell's code:
 * the shell's build knows none of it. No rspack import here: the static server and the orchestrator
 * read this too.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

import type { RemoteFrame, RemoteName, RemotesTable, RemoteTableEntry } from '@medstore/remote-contracts'

export type { RemoteName, RemotesTable }
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
  /** The route patterns this remote owns everything below (see `RemoteTableEntry.prefixes`). */
  prefixes: readonly string[]
  /** Env var that overrides `prefixes` (comma-separated), e.g. to hand a new area to a remote. */
  prefixesEnv: string
  frame: RemoteFrame
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
    prefixes: ['/', '/products/*', '/productDetails/*', '/allShop/*', '/shopDetails/*'],
    prefixesEnv: 'REMOTE_STORE_PREFIXES',
    frame: 'store',
  },
  {
    id: 'mfe-checkout',
    mfName: 'mfe_checkout',
    dir: path.join(repoRoot, 'mfe-checkout'),
    port: 3002,
    spa: true,
    urlEnv: 'REMOTE_CHECKOUT_URL',
    prefixes: ['/checkout/*', '/my-orders/*', '/my-prescriptions/*', '/orderHistory/*'],
    prefixesEnv: 'REMOTE_CHECKOUT_PREFIXES',
    frame: 'store',
  },
  {
    id: 'mfe-vendor',
    mfName: 'mfe_vendor',
    dir: path.join(repoRoot, 'mfe-vendor'),
    port: 3003,
    spa: true,
    urlEnv: 'REMOTE_VENDOR_URL',
    prefixes: ['/vendor/*'],
    prefixesEnv: 'REMOTE_VENDOR_PREFIXES',
    frame: 'back-office',
  },
]

/** Build order: remotes first, shell last (any order works; this one reads well in logs). */
export const webApps: readonly WebApp[] = [...remoteApps, shellApp]

export function findWebApp(id: string): WebApp | undefined {
  return webApps.find((app) => app.id === id || app.mfName === id)
}

/** Manifest URLs by remote, e.g. where a test serves each remote. */
export type RemoteUrls = Partial<Record<RemoteName, string>>

/**
 * The shell's runtime remote table (`/remotes.json`). Per remote, the manifest URL: the env var (e.g.
 * `REMOTE_STORE_URL`), then `overrides`, then `http://<host>:<default port>/mf-manifest.json` where host
 * defaults to `localhost` (the static server passes the hostname the browser used, so a LAN address
 * keeps working); the prefixes: the env var (e.g. `REMOTE_VENDOR_PREFIXES=/vendor/*`), then the defaults.
 */
export function resolveRemotes(
  options: { overrides?: RemoteUrls; hostname?: string; env?: NodeJS.ProcessEnv } = {},
): RemotesTable {
  const env = options.env ?? process.env
  const hostname = options.hostname ?? 'localhost'
  const entries = remoteApps.map((app): [RemoteName, RemoteTableEntry] => {
    const entry =
      env[app.urlEnv] || options.overrides?.[app.mfName] || `http://${hostname}:${app.port}/mf-manifest.json`
    const fromEnv = env[app.prefixesEnv]
      ?.split(',')
      .map((prefix) => prefix.trim())
      .filter(Boolean)
    const prefixes = fromEnv?.length ? fromEnv : [...app.prefixes]
    return [app.mfName, { entry, prefixes, frame: app.frame }]
  })
  return Object.fromEntries(entries) as RemotesTable
}
