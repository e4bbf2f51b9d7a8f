import { PRESCRIPTION_FILE_MAX_BYTES } from '@medstore/contracts/prescription'
import {
  detectImageType,
  detectPdf,
  endsWithImage,
  endsWithPdf,
  TooLarge,
  Unsupported,
} from '@medstore/service-kit'
import sharp from 'sharp'

/** A page ready to encrypt and store: its bytes (an image without its metadata) and what they are. */
export type PreparedPage = { contentType: string; data: Buffer }

const ACCEPTED = 'a JPEG, PNG or WebP photo or a PDF'
/** Like the catalogue's: a prescription photo needs far fewer pixels; more is a decompression bomb. */
const PIXEL_LIMIT = 50_000_000

/**
 * Checks one uploaded page by its bytes (the name and the claimed type are ignored) and makes it safe to
 * keep: an image is decoded, turned upright and encoded again without EXIF, XMP, IPTC or ICC data (a
 * phone photo's EXIF holds where it was taken); a PDF is kept as sent, but must be one PDF and nothing
 * after it. Anything else (an SVG, a GIF, a renamed file, a polyglot) is refused with the reason.
 */
export async function preparePage(upload: Buffer, label: string): Promise<PreparedPage> {
  if (upload.length > PRESCRIPTION_FILE_MAX_BYTES) throw new TooLarge(`${label} is over 10 MB`)
  if (upload.length === 0) throw new Unsupported(`${label} is empty`)
  const pdf = detectPdf(upload)
  if (pdf) {
    if (!endsWithPdf(upload)) throw new Unsupported(`${label} has data after the end of the PDF`)
    return { contentType: pdf.mime, data: upload }
  }
  const image = detectImageType(upload)
  if (!image || image.format === 'gif')
    throw new Unsupported(
      `${label} is not ${ACCEPTED}${looksLikeText(upload) ? ' (SVG and other text files are not accepted)' : ''}`,
    )
  if (!endsWithImage(upload, image))
    throw new Unsupported(`${label} has data after the end of the ${image.format.toUpperCase()} image`)
  try {
    // No withMetadata(): sharp writes none of the input's metadata; rotate() applies EXIF orientation first.
    const data = await sharp(upload, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' })
      .rotate()
      .toFormat(image.format)
      .toBuffer()
    return { contentType: image.mime, data }
  } catch (err) {
    if (/pixel limit/i.test(String(err)))
      throw new TooLarge(`${label} has too many pixels (at most 50 megapixels)`)
    throw new Unsupported(
      `${label} looks like ${image.format.toUpperCase()} but could not be read as an image`,
    )
  }
}

/** SVG, HTML and other markup begin with text (after an optional byte-order mark). */
function looksLikeText(buf: Buffer): boolean {
  const head = buf
    .subarray(0, 256)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  return head.startsWith('<')
}
