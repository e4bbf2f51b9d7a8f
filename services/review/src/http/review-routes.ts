import { reviewApi } from '@medstore/contracts/review'
import { type AuthMiddleware, apiRouter, pageReply } from '@medstore/service-kit'
import type { reviewUseCases } from '../use-cases/reviews'

/** POST /review (signed in), GET /review?productId=, GET /review/overview?productId= (anyone). */
export function reviewRoutes(auth: AuthMiddleware, reviews: ReturnType<typeof reviewUseCases>) {
  return apiRouter(auth)
    .route(reviewApi.create, ({ user, body }) => reviews.create(user, body))
    .route(reviewApi.overview, ({ query }) => reviews.overview(query.productId))
    .route(reviewApi.list, async ({ query }) => pageReply(await reviews.list(query))).router
}
