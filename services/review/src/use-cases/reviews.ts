import { LIST_LIMIT_MAX, pageOf } from '@medstore/contracts/api'
import type {
  createReviewRequest,
  Review as ReviewBody,
  ReviewOverview,
  reviewListQuery,
} from '@medstore/contracts/review'
import { type AuthUser, Conflict, type ListPage, NotFound } from '@medstore/service-kit'
import type { z } from 'zod'
import { findCustomerName, hasDelivered, lockPurchase, productExists } from '../data/replica-repository'
import { DuplicateReviewError, insertReview, listReviews, starCounts } from '../data/review-repository'
import { authorName } from '../domain/author-name'
import { ratingOverview } from '../domain/rating-overview'
import type { PrismaClient } from '../generated/prisma/client'
import { presentReview } from '../presenters/review'

export const ALREADY_REVIEWED = 'You have already reviewed this product'

/** Customers' reviews of products and each product's rating overview. */
export function reviewUseCases(db: PrismaClient) {
  return {
    /**
     * Writes a customer's review: the product must be on sale, one review per customer per product (the
     * unique index decides, so there is no read before the insert), signed with the customer's name, and
     * verified at once when they have already received the product.
     */
    async create(user: AuthUser, input: z.output<typeof createReviewRequest>): Promise<ReviewBody> {
      try {
        const review = await db.$transaction(async (tx) => {
          if (!(await productExists(tx, input.productId))) throw new NotFound('Product not found')
          await lockPurchase(tx, user.id, input.productId)
          const name = authorName(await findCustomerName(tx, user.id), user)
          return insertReview(tx, {
            userId: user.id,
            productId: input.productId,
            rating: input.rating,
            comment: input.comment,
            authorFirstName: name.firstName,
            authorLastName: name.lastName,
            verifiedPurchase: await hasDelivered(tx, user.id, input.productId),
          })
        })
        return presentReview(review)
      } catch (err) {
        if (err instanceof DuplicateReviewError) throw new Conflict(ALREADY_REVIEWED)
        throw err
      }
    },

    /** One page of a product's reviews, newest first. */
    async list({ productId, ...paging }: z.output<typeof reviewListQuery>): Promise<ListPage<ReviewBody[]>> {
      const page = pageOf(paging, LIST_LIMIT_MAX)
      const { reviews, total } = await listReviews(db, productId, page)
      return { items: reviews.map(presentReview), page, total }
    },

    overview: async (productId: string): Promise<ReviewOverview> =>
      ratingOverview(await starCounts(db, productId)),
  }
}
