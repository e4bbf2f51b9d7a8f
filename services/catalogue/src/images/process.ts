import { createHash, randomBytes } from 'node:crypto'
import { TooLarge, Unsupported } from '@medstore/service-kit'
import type { Sharp, SharpInput, SharpOptions } from 'sharp'
import { detectImageType, endsWithImage } from '../domain/image-type'

/** An image ready to store: the original bytes and the 400 px WebP card, each with its ETag. */
export type PreparedImage = {
  id: string
  contentType: string
  data: Uint8Array<ArrayBuffer>
  etag: string
  cardData: Uint8Array<ArrayBuffer>
  cardEtag: string
}

export const CARD_SIZE = 400
/** Bigger than any phone photo; stops a small file that decodes to gigabytes of pixels. */
const MAX_PIXELS = 50_000_000

let library: Promise<typeof import('sharp')> | undefined

/**
 * sharp, loaded on the first picture rather than at start: libvips and its threads take ~15 MB resident
 * (bench/memory.bench.ts) in a process that mostly serves stored bytes. Its operation cache is off (each
 * picture is processed once, so the cache only held up to 50 MB of decoded pixels nobody asks for again)
 * and it uses one thread per picture: a 400 px card needs no more, and every libvips thread gets a malloc
 * arena of its own that stays resident.
 */
function loadSharp(): Promise<typeof import('sharp')> {
  library ??= import('sharp').then((loaded) => {
    loaded.default.cache(false)
    loaded.default.concurrency(1)
    return loaded
  })
  return library
}

async function sharp(input?: SharpInput, options?: SharpOptions): Promise<Sharp> {
  return (await loadSharp()).default(input, options)
}

const sha256 = (buf: Uint8Array) => createHash('sha256').update(buf).digest('hex')
export const newImageId = () => randomBytes(16).toString('hex')
const bytes = (buf: Buffer) => new Uint8Array(buf) as Uint8Array<ArrayBuffer>

/** effort: WebP encoder effort 0–6; seeding draws ~90 pictures at start and uses a low one. */
async function card(input: Buffer, effort = 4): Promise<Buffer> {
  return (await sharp(input, { limitInputPixels: MAX_PIXELS }))
    .rotate() // honour EXIF orientation
    .resize({ width: CARD_SIZE, height: CARD_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort })
    .toBuffer()
}

function assemble(contentType: string, original: Buffer, cardData: Buffer): PreparedImage {
  return {
    id: newImageId(),
    contentType,
    data: bytes(original),
    etag: sha256(original),
    cardData: bytes(cardData),
    cardEtag: sha256(cardData),
  }
}

/**
 * Checks an upload by its content (PNG, JPEG, GIF or WebP, decodable, not absurdly large in pixels)
 * with nothing hidden after the picture) and makes its card. Anything else is unsupported; too many pixels is too large.
 */
export async function prepareUpload(upload: Buffer): Promise<PreparedImage> {
  const type = detectImageType(upload)
  if (!type) throw new Unsupported('The image must be a PNG, JPEG, GIF or WebP file')
  if (!endsWithImage(upload, type))
    throw new Unsupported(`The file has data after the end of the ${type.format.toUpperCase()} image`)
  // Loaded before the try: a library that fails to load is the server's fault, not an unreadable upload.
  await loadSharp()
  try {
    return assemble(type.mime, upload, await card(upload))
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message))
      throw new TooLarge('The image has too many pixels (at most 50 megapixels)')
    throw new Unsupported(
      `The file looks like ${type.format.toUpperCase()} but could not be read as an image`,
    )
  }
}

/** Renders generated artwork (an SVG) to a PNG original and its card. */
export async function renderArtwork(svg: string): Promise<PreparedImage> {
  // Light compression: flat artwork stays small anyway, and start-up stays quick.
  const png = await (await sharp(Buffer.from(svg))).png({ compressionLevel: 2 }).toBuffer()
  return assemble('image/png', png, await card(png, 1))
}
