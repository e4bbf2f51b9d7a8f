/**
 * The Content-Security-Policy of the front ends' HTML pages (shell and remotes, served by
 * scripts/serve-static.ts). Scripts run only from this origin and the remotes' origins in the runtime
 * remote table (plus the inline scripts the build lists by hash); the page talks only to those and to the
 * API gateway; nothing may frame it.
 */
import { createHash } from 'node:crypto'
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
  /**
   * The page's inline scripts by hash, e.g. `'sha256-…'` (the shell's first-paint script; its build writes
   * them to `INLINE_SCRIPT_HASHES_FILE`). Nothing else inline may run.
   */
  inlineScripts?: readonly string[]
}

/** Written next to index.html by the shell's build (shell/build/first-paint.ts): its inline scripts' hashes. */
export const INLINE_SCRIPT_HASHES_FILE = 'csp-script-hashes.txt'

/** `'sha256-…'`, the CSP source that lets exactly this inline script run. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
}

/** The hash sources in an `INLINE_SCRIPT_HASHES_FILE` (space-separated; anything else is dropped). */
export function parseScriptHashes(text: string): string[] {
  return text.split(/\s+/).filter((source) => /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(source))
}

export function frontEndCsp({
  remoteOrigins,
  apiOrigin,
  development = false,
  inlineScripts = [],
}: FrontEndCspSources): string {
  const remotes = [...new Set(remoteOrigins)]
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts, ...remotes, ...(development ? ["'unsafe-eval'"] : [])],
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
    // A private PDF (a prescription) is shown in the browser's own PDF view from the page's object URL of
    // bytes it fetched signed in; nothing else is framed.
    'frame-src': ["'self'", 'blob:'],
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
