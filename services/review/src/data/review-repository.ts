import type { RawSql } from '@medstore/service-kit'
import { newestFirstPage } from '@medstore/service-kit/prisma'
import { noStars, STARS, type Star, type StarCounts } from '../domain/rating-overview'
import type { Prisma, Review } from '../generated/prisma/client'
import type { Db } from './db'

export type { Review }

export type NewReview = Pick<
  Review,
  'userId' | 'productId' | 'rating' | 'comment' | 'authorFirstName' | 'authorLastName' | 'verifiedPurchase'
>

/** Thrown when the customer already has a review of the product (the unique index decides, so races are safe). */
export class DuplicateReviewError extends Error {
  override name = 'DuplicateReviewError'
}

export async function insertReview(db: Db, review: NewReview): Promise<Review> {
  try {
    return await db.review.create({ data: review })
  } catch (err) {
    if ((err as Prisma.PrismaClientKnownRequestError).code === 'P2002') throw new DuplicateReviewError()
    throw err
  }
}

/** One page of a product's reviews, newest first, and how many it has. */
export async function listReviews(
  db: Db,
  productId: string,
  page: { skip: number; take: number },
): Promise<{ reviews: Review[]; total: number }> {
  const { rows, total } = await newestFirstPage(db.review, { productId }, page)
  return { reviews: rows, total }
}

/** How many of a product's reviews gave each star: one indexed GROUP BY, not a scan of the rows. */
export async function starCounts(db: Db, productId: string): Promise<StarCounts> {
  const groups = await db.review.groupBy({ by: ['rating'], where: { productId }, _count: { _all: true } })
  const counts = noStars()
  for (const group of groups) {
    if ((STARS as readonly number[]).includes(group.rating)) counts[group.rating as Star] = group._count._all
  }
  return counts
}

/** Sets verifiedPurchase on the customer's review of the product (if any) to match their deliveries. */
export async function setVerifiedPurchase(
  sql: RawSql,
  userId: string,
  productId: string,
  verified: boolean,
): Promise<void> {
  await sql.$executeRawUnsafe(
    'UPDATE reviews SET verified_purchase = $3 WHERE user_id = $1 AND product_id = $2',
    userId,
    productId,
    verified,
  )
}
