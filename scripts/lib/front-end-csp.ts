/**
 * The Content-Security-Policy of the front ends' HTML pages (shell and remotes, served by
 * scripts/serve-static.ts). Scripts run only from this origin and the remotes' origins in the runtime
 * remote table; the page talks only to those and to the API gateway; nothing may frame it.
 */
export interface FrontEndCspSources {
  /** Origins of the remotes the page loads (from the shell's /remotes.json; none on a remote's own page). */
  remoteOrigins: readonly string[]
  /** Origin of the API gateway (PUBLIC_API_URL): JSON calls and product pictures. */
  apiOrigin: string
  /**
   * A development build: rspack's `eval-cheap-module-source-map` evaluates each module from a string, so
   * it needs 'unsafe-eval'. Production builds never get it.
   */
  development?: boolean
}

export function frontEndCsp({ remoteOrigins, apiOrigin, development = false }: FrontEndCspSources): string {
  const remotes = [...new Set(remoteOrigins)]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...(development ? ["'unsafe-eval'"] : [])],
    // styled-components writes its rules into <style> tags at run time. A nonce would mean rewriting
    // index.html per request and handing the nonce to every remote's styled-components instance;
    // inline *styles* cannot run code, so 'unsafe-inline' is allowed for styles only, never scripts.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The remotes' manifests are fetched; the API answers JSON (and the payment link redirect is a navigation).
    'connect-src': ["'self'", ...remotes, apiOrigin],
    // Product and shop pictures come from the API; blob: is the back-office's preview of a chosen file,
    // data: the empty favicon in index.html.
    'img-src': ["'self'", ...remotes, apiOrigin, 'data:', 'blob:'],
    'font-src': ["'self'", ...remotes],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ')
}

/** `http://localhost:3001/mf-manifest.json` → `http://localhost:3001`; undefined for what is no URL. */
export function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}
