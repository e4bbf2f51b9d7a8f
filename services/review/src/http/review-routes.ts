import { createReviewRequest, productReviewsQuery } from '@medstore/contracts/review'
import { type AuthMiddleware, parseInput } from '@medstore/service-kit'
import { Router } from 'express'
import type { PrismaClient } from '../generated/prisma/client'
import { createReview } from '../use-cases/create-review'
import { productOverview, productReviews } from '../use-cases/read-reviews'
import { presentReview } from './present'

/** POST /review (signed in), GET /review?productId=, GET /review/overview?productId= (anyone). */
export function reviewRoutes({ db, auth }: { db: PrismaClient; auth: AuthMiddleware }): Router {
  const router = Router()

  router.post('/review', auth.requireUser, async (req, res) => {
    // A body that is not JSON reads as empty, so the answer names the first missing field.
    const input = parseInput(createReviewRequest, req.body ?? {})
    const review = await createReview(db, req.user!, input)
    res.status(201).json(presentReview(review))
  })

  router.get('/review/overview', async (req, res) => {
    const { productId } = parseInput(productReviewsQuery, req.query)
    res.json(await productOverview(db, productId))
  })

  router.get('/review', async (req, res) => {
    const { productId } = parseInput(productReviewsQuery, req.query)
    res.json((await productReviews(db, productId)).map(presentReview))
  })

  return router
}
