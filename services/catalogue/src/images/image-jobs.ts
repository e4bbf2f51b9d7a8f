/** What the catalogue asks of its sharp worker (sharp.worker.ts) and what comes back, over IPC. */
export type ImageJob =
  /** The picture within size × size px as WebP (effort 0–6): the card (400) or the product page's (800). */
  | { id: number; op: 'webp'; input: Uint8Array; size: number; effort: number }
  /** An SVG drawn to PNG. */
  | { id: number; op: 'png'; svg: string }
  /** The upload again in its own format without its metadata (EXIF with GPS, XMP, comments), turned upright. */
  | { id: number; op: 'strip'; input: Uint8Array; format: 'png' | 'jpeg' | 'gif' | 'webp' }

export type ImageJobResult = { id: number; data: Uint8Array } | { id: number; error: string }

/** sharp could not process the input (the worker itself is fine): the upload's fault, not the server's. */
export class ImageJobError extends Error {
  override name = 'ImageJobError'
}
