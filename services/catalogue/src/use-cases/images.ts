import { NotFound } from '@medstore/service-kit'
import type { Queryable } from '../data/db'
import { findImage, type StoredImage } from '../data/images'

/** Product and shop pictures as stored: the upload, or its card-sized WebP. */
export function imageUseCases(db: Queryable) {
  return {
    async find(imageId: string, variant: 'original' | 'card'): Promise<StoredImage> {
      const image = await findImage(db, imageId, variant)
      if (!image) throw new NotFound('Image not found')
      return image
    },
  }
}
