/**
 * The front ends' runtime documents, made one way for the Node static server (scripts/serve-static.ts, per
 * request) and for the nginx images (scripts/nginx-documents.ts, at container start): the shell's
 * `/remotes.json` and `/config.json`, and every page's Content-Security-Policy. They depend on the
 * environment (REMOTE_*_URL, REMOTE_*_PREFIXES, PUBLIC_API_URL, GATEWAY_PORT) and on the host the browser
 * used, which nginx fills in per request where these documents say `$host`.
 */
import { type RemoteUrls, resolveRemotes } from '@medstore/mf-config/apps'
import type { RemotesTable } from '@medstore/remote-contracts'
import { frontEndCsp, originOf } from './front-end-csp.ts'

export type FrontEndSite = {
  /** The shell (it answers /remotes.json and /config.json and loads the remotes); else a remote's own site. */
  shell: boolean
  /** Manifest URLs that override the defaults (the REMOTE_*_URL variables override both). */
  remotes?: RemoteUrls
  /** The gateway's URL when PUBLIC_API_URL is unset (else http://<host>:<GATEWAY_PORT or 8080>). */
  apiUrl?: string
  env?: NodeJS.ProcessEnv
}

/** The shell's `/remotes.json`: per remote its manifest, the path prefixes it owns and its frame. */
export function remoteTable(site: FrontEndSite, hostname: string): RemotesTable {
  return resolveRemotes({
    ...(site.remotes ? { overrides: site.remotes } : {}),
    hostname,
    ...(site.env ? { env: site.env } : {}),
  })
}

/** The shell's `/config.json`: where the browser finds the API gateway. */
export function runtimeConfig(site: Pick<FrontEndSite, 'apiUrl' | 'env'>, hostname = 'localhost') {
  const env = site.env ?? process.env
  const port = env.GATEWAY_PORT || '8080'
  const apiUrl = env.PUBLIC_API_URL || site.apiUrl || `http://${hostname}:${port}`
  return { apiUrl: apiUrl.replace(/\/+$/, '') }
}

/** A page's Content-Security-Policy (scripts/lib/front-end-csp.ts), its sources from the documents above. */
export function pageCsp(
  site: FrontEndSite,
  hostname: string,
  page: { development?: boolean; inlineScripts?: readonly string[] } = {},
): string {
  const manifests = site.shell ? Object.values(remoteTable(site, hostname)).map((remote) => remote.entry) : []
  const { apiUrl } = runtimeConfig(site, hostname)
  return frontEndCsp({
    remoteOrigins: manifests.flatMap((url) => originOf(url) ?? []),
    apiOrigin: originOf(apiUrl) ?? apiUrl,
    development: page.development ?? false,
    inlineScripts: page.inlineScripts ?? [],
  })
}
