import { NotFound } from '@medstore/service-kit'
import type { Queryable } from '../data/db'
import { findImage, type ImageVariant, type StoredImage, storeLargeVariant } from '../data/images'
import { largeVariant } from '../images/process'

/** Product and shop pictures as stored: the upload, its card-sized WebP, or its product-page WebP. */
export function imageUseCases(db: Queryable) {
  return {
    async find(imageId: string, variant: ImageVariant): Promise<StoredImage> {
      const image = await findImage(db, imageId, variant)
      if (!image) throw new NotFound('Image not found')
      if (image.data && image.etag)
        return { contentType: image.contentType, data: image.data, etag: image.etag }
      // Stored before the product page had its own WebP: made from the original once, then kept.
      const original = await findImage(db, imageId, 'original')
      if (!original?.data) throw new NotFound('Image not found')
      const large = await largeVariant(original.data)
      await storeLargeVariant(db, imageId, large)
      return { contentType: 'image/webp', data: Buffer.from(large.data), etag: large.etag }
    },
  }
}
