import type { Review as ReviewBody } from '@medstore/contracts/review'
import type { Review } from '../data/review-repository'
import { publicAuthorName } from '../domain/author-name'

/**
 * A review as the API shows it: signed with the first name and last initial, the documented `creeatedAt`
 * and its corrected alias `createdAt`.
 */
export function presentReview(review: Review): ReviewBody {
  const created = review.createdAt.toISOString()
  return {
    _id: review.id,
    rating: review.rating,
    comment: review.comment,
    productId: review.productId,
    userId: publicAuthorName({ firstName: review.authorFirstName, lastName: review.authorLastName }),
    verifiedPurchase: review.verifiedPurchase,
    creeatedAt: created,
    createdAt: created,
  }
}
