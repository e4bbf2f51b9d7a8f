import type { Page } from '@medstore/contracts/api'
import type { ReviewOverview } from '@medstore/contracts/review'
import type { Db } from '../data/db'
import { listReviews, starCounts } from '../data/review-repository'
import { ratingOverview } from '../domain/rating-overview'

export const productReviews = (db: Db, productId: string, page: Page) => listReviews(db, productId, page)

export async function productOverview(db: Db, productId: string): Promise<ReviewOverview> {
  return ratingOverview(await starCounts(db, productId))
}
