/**
 * Web-client's early-request seam as index.html left it (src/firstPaint/boot.ts), read here directly, not
 * through web-client's `takeEarlyDocument`/`takeEarlyResponse`: the federation code runs in the entry,
 * before the shared packages are negotiated, and may import none of them at run time (a shared package
 * loaded there fails the page: RUNTIME-006).
 */
import type { EarlySeamV1 } from '@medstore/web-client'

export function earlySeam(): EarlySeamV1 | undefined {
  const seam = (globalThis as { __medstoreEarly?: Partial<EarlySeamV1> }).__medstoreEarly
  return seam?.v === 1 && typeof seam.doc === 'function' && typeof seam.take === 'function'
    ? (seam as EarlySeamV1)
    : undefined
}
