/**
 * Uploaded files recognised by their bytes, never by name or the upload's claimed type: the catalogue's
 * product images and the prescription service's pages follow the same rules (an SVG, a renamed file or a
 * polyglot hiding a second file after the picture's end is refused).
 */

/** The image formats recognised, by their first bytes. */
export type ImageType = { format: 'png' | 'jpeg' | 'gif' | 'webp'; mime: string }

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b)

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

export function detectImageType(buf: Uint8Array): ImageType | undefined {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { format: 'png', mime: 'image/png' }
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { format: 'jpeg', mime: 'image/jpeg' }
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a')))
    return { format: 'gif', mime: 'image/gif' }
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8))
    return { format: 'webp', mime: 'image/webp' }
  return undefined
}

const PNG_IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]

/**
 * Whether the file stops where its image stops. A polyglot hides a second file (HTML, a script, a ZIP)
 * after the picture's end marker; the picture still decodes, so the decoder cannot catch it. Every
 * format here says where it ends: PNG's IEND chunk, JPEG's EOI marker, GIF's trailer byte, WebP's RIFF size.
 */
export function endsWithImage(buf: Uint8Array, type: ImageType): boolean {
  switch (type.format) {
    case 'png':
      return startsWith(buf, PNG_IEND, buf.length - PNG_IEND.length)
    case 'jpeg': {
      // Some cameras pad after EOI with zero bytes: harmless, so allowed.
      let end = buf.length
      while (end > 0 && buf[end - 1] === 0) end--
      return startsWith(buf, [0xff, 0xd9], end - 2)
    }
    case 'gif':
      return buf[buf.length - 1] === 0x3b
    case 'webp': {
      if (buf.length < 12) return false
      const riffSize = new DataView(buf.buffer, buf.byteOffset, buf.byteLength).getUint32(4, true)
      // A RIFF chunk is padded to an even length.
      return buf.length === 8 + riffSize + (riffSize % 2)
    }
  }
}

export type DocumentType = { format: 'pdf'; mime: 'application/pdf' }

/** A PDF by its header (`%PDF-`) at the very start: a file with anything before it is not taken for one. */
export function detectPdf(buf: Uint8Array): DocumentType | undefined {
  return startsWith(buf, ascii('%PDF-')) ? { format: 'pdf', mime: 'application/pdf' } : undefined
}

/**
 * Whether a PDF ends with its end-of-file marker (`%%EOF`, then at most line ends and spaces): what a
 * polyglot appends after it (HTML, a ZIP) is refused, as after an image's end.
 */
export function endsWithPdf(buf: Uint8Array): boolean {
  let end = buf.length
  while (end > 0 && [0x0a, 0x0d, 0x20, 0x09, 0x00].includes(buf[end - 1] as number)) end--
  return startsWith(buf, ascii('%%EOF'), end - 5)
}
