/**
 * The early-request seam (version 1). The shell's index.html (shell/src/firstPaint/boot.ts) starts, before
 * any script has arrived, the reads the page will make first: `/remotes.json`, `/config.json` and the
 * API reads the page's remote declares in its `routes.json` (`EarlyRequest`). It leaves what it started
 * on `window.__medstoreEarly`; the API client and the runtime config take from there (and the shell's
 * federation runtime takes the page's remote's `mf-manifest.json`, a read without a token). Found at run time
 * and optional: without it (an older shell, a test page, a remote's standalone preview) everything is
 * fetched as before, and a read nobody declared is fetched as before too.
 */
export const EARLY_SEAM = '__medstoreEarly'

/**
 * The documents index.html fetches for the shell and the API client; `routes <url>`: the `routes.json` of
 * the page's remote (by its absolute URL), which it read for the page's early requests and the shell's
 * account menu reads too.
 */
export type EarlyDocument = 'remotes' | 'config' | `routes ${string}`

export interface EarlySeamV1 {
  v: 1
  /** The parsed body of an early document, once (a second call, or a retry, fetches afresh). */
  doc(name: EarlyDocument): Promise<unknown> | undefined
  /** The response to a GET of exactly `url` with that bearer token (null: none), once. */
  take(url: string, token: string | null): Promise<Response> | undefined
  /**
   * The parsed body of a successful early GET of `path` (the API path and query, as declared in the
   * remote's `routes.json`) with that token, if it is already in: index.html read it to fill the page's
   * first paint, and the page's first render draws the same data. Once (from the next task on). Optional:
   * an older shell has no such method.
   */
  peek?(path: string, token: string | null): unknown
}

function seam(): EarlySeamV1 | undefined {
  const found = (globalThis as Record<string, unknown>)[EARLY_SEAM] as Partial<EarlySeamV1> | undefined
  return found?.v === 1 && typeof found.take === 'function' && typeof found.doc === 'function'
    ? (found as EarlySeamV1)
    : undefined
}

/** What index.html already fetched of an early document, if it did. */
export function takeEarlyDocument(name: EarlyDocument): Promise<unknown> | undefined {
  return seam()?.doc(name)
}

/** The answer index.html already asked for, if it asked for exactly this GET. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  return seam()?.take(url, token)
}

/** The parsed body index.html already has of exactly this GET (path and query), if it has it. */
export function peekEarlyBody(path: string, token: string | null): unknown {
  return seam()?.peek?.(path, token)
}
