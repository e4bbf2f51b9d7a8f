import type { createReviewRequest } from '@medstore/contracts/review'
import { type AuthUser, conflict, notFound } from '@medstore/service-kit'
import type { z } from 'zod'
import { findCustomerName, hasDelivered, lockPurchase, productExists } from '../data/replica-repository'
import { DuplicateReviewError, insertReview, type Review } from '../data/review-repository'
import { authorName } from '../domain/author-name'
import type { PrismaClient } from '../generated/prisma/client'

export const ALREADY_REVIEWED = 'You have already reviewed this product'

/**
 * Writes a customer's review: the product must be on sale, one review per customer per product (the
 * unique index decides, so there is no read before the insert), signed with the customer's name, and
 * verified at once when they have already received the product.
 */
export async function createReview(
  db: PrismaClient,
  user: AuthUser,
  input: z.output<typeof createReviewRequest>,
): Promise<Review> {
  try {
    return await db.$transaction(async (tx) => {
      if (!(await productExists(tx, input.productId))) throw notFound('Product not found')
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
  } catch (err) {
    if (err instanceof DuplicateReviewError) throw conflict(ALREADY_REVIEWED)
    throw err
  }
}
