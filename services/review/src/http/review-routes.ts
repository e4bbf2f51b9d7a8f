import { LIST_LIMIT_MAX, pageOf } from '@medstore/contracts/api'
import { createReviewRequest, productReviewsQuery, reviewListQuery } from '@medstore/contracts/review'
import { type AuthMiddleware, parseInput, setPageHeaders } from '@medstore/service-kit'
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
    const { productId, ...paging } = parseInput(reviewListQuery, req.query)
    const page = pageOf(paging, LIST_LIMIT_MAX)
    const { reviews, total } = await productReviews(db, productId, page)
    setPageHeaders(req, res, page, total)
    res.json(reviews.map(presentReview))
  })

  return router
}
