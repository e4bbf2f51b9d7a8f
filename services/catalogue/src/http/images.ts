import { catalogueApi } from '@medstore/contracts/catalogue'
import { parseInput } from '@medstore/service-kit'
import { type Request, type Response, Router } from 'express'
import type { ImageVariant } from '../data/images'
import type { imageUseCases } from '../use-cases/images'

/**
 * Product and shop pictures: bytes, not JSON, so plain express with the descriptor's parameter schema.
 * An image id never changes content (a new picture gets a new id), so a response may be cached for a
 * year; the ETag (sha256 of the bytes) answers revalidation with 304.
 */
export function imageRouter(images: ReturnType<typeof imageUseCases>): Router {
  const router = Router()
  const serve = (variant: ImageVariant) => async (req: Request, res: Response) => {
    const { imageId } = parseInput(catalogueApi.image.params, req.params)
    const image = await images.find(imageId, variant)
    const etag = `"${image.etag}"`
    res.setHeader('ETag', etag)
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    // Pictures are shown by the front ends on other origins (:3000); helmet's default is same-origin.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    if (matches(req.get('if-none-match'), etag)) {
      res.status(304).end()
      return
    }
    res.type(image.contentType).send(image.data)
  }
  router.get('/product/image/:imageId', serve('original'))
  router.get('/product/image/:imageId/card', serve('card'))
  router.get('/product/image/:imageId/large', serve('large'))
  return router
}

const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
