import { createHash, randomBytes } from 'node:crypto'
import { detectImageType, endsWithImage, TooLarge, Unsupported } from '@medstore/service-kit'
import { ImageJobError } from './image-jobs'
import { sharpWorker } from './sharp-worker-client'

/** A WebP made from an image, with its ETag. */
export type Variant = { data: Uint8Array<ArrayBuffer>; etag: string }

/**
 * An image ready to store: the original (without its metadata), the 400 px WebP card and the 800 px WebP for the product
 * page, each with its ETag.
 */
export type PreparedImage = {
  id: string
  contentType: string
  data: Uint8Array<ArrayBuffer>
  etag: string
  card: Variant
  large: Variant
}

export const CARD_SIZE = 400
/** A 378 px box on a phone at 1.75–2× density wants 660–760 pixels. */
export const LARGE_SIZE = 800

const sha256 = (buf: Uint8Array) => createHash('sha256').update(buf).digest('hex')
export const newImageId = () => randomBytes(16).toString('hex')
const bytes = (buf: Uint8Array) => new Uint8Array(buf) as Uint8Array<ArrayBuffer>

/** effort: WebP encoder effort 0–6; seeding draws ~90 pictures at start and uses a low one. */
const webp = (input: Uint8Array, size: number, effort = 4) =>
  sharpWorker.run({ op: 'webp', input, size, effort })

const variant = (data: Uint8Array): Variant => ({ data: bytes(data), etag: sha256(data) })

/** The product page's WebP of a stored image (for images stored before that variant existed). */
export async function largeVariant(original: Uint8Array): Promise<Variant> {
  return variant(await webp(original, LARGE_SIZE))
}

async function prepare(contentType: string, original: Uint8Array, effort?: number): Promise<PreparedImage> {
  const [card, large] = await Promise.all([
    webp(original, CARD_SIZE, effort),
    webp(original, LARGE_SIZE, effort),
  ])
  return {
    id: newImageId(),
    contentType,
    data: bytes(original),
    etag: sha256(original),
    card: variant(card),
    large: variant(large),
  }
}

/**
 * Checks an upload by its content (PNG, JPEG, GIF or WebP, decodable, not absurdly large in pixels)
 * with nothing hidden after the picture) and makes its WebPs. Anything else is unsupported; too many pixels is too large.
 */
export async function prepareUpload(upload: Buffer): Promise<PreparedImage> {
  const type = detectImageType(upload)
  if (!type) throw new Unsupported('The image must be a PNG, JPEG, GIF or WebP file')
  if (!endsWithImage(upload, type))
    throw new Unsupported(`The file has data after the end of the ${type.format.toUpperCase()} image`)
  try {
    // The original is served as uploaded but for its metadata: a phone photo's EXIF holds where it was taken.
    const original = await sharpWorker.run({ op: 'strip', input: upload, format: type.format })
    return await prepare(type.mime, original)
  } catch (err) {
    // Only sharp's verdict on the picture is the upload's fault; a worker that failed is ours (503).
    if (!(err instanceof ImageJobError)) throw err
    if (/pixel limit/i.test(err.message))
      throw new TooLarge('The image has too many pixels (at most 50 megapixels)')
    throw new Unsupported(
      `The file looks like ${type.format.toUpperCase()} but could not be read as an image`,
    )
  }
}

/** Renders generated artwork (an SVG) to a PNG original and its WebPs. */
export async function renderArtwork(svg: string): Promise<PreparedImage> {
  const png = await sharpWorker.run({ op: 'png', svg })
  return prepare('image/png', png, 1)
}
