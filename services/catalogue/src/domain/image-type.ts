/** The image formats the catalogue accepts, recognised by their first bytes (never by name or header). */
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
