import type { Review as ReviewBody } from '@medstore/contracts/review'
import type { Review } from '../data/review-repository'

/** A review as the API shows it: the documented `creeatedAt` and its corrected alias `createdAt`. */
export function presentReview(review: Review): ReviewBody {
  const created = review.createdAt.toISOString()
  return {
    _id: review.id,
    rating: review.rating,
    comment: review.comment,
    productId: review.productId,
    userId: { firstName: review.authorFirstName, lastName: review.authorLastName },
    verifiedPurchase: review.verifiedPurchase,
    creeatedAt: created,
    createdAt: created,
  }
}
