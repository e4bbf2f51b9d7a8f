import { z } from 'zod'
import { type ApiRoute, listHeaders, pagingQuery } from './api'
import { indianDigits } from './money'
import { says } from './problems'
import { reviewPaths } from './route-paths'

export const REVIEW_COMMENT_MAX = 2000

const productId = z
  .string({ error: 'Product is required' })
  .trim()
  .min(1, 'Product is required')
  .max(100, 'Product id is too long')

/** Body of `POST /review`. The form's rating starts at 0, which means "no star clicked". */
export const createReviewRequest = z.object({
  rating: z
    .number({ error: says('Please select a rating', 'no_rating') })
    .int({ error: says('Rating must be a whole number of stars', 'rating_not_whole') })
    .min(1, { error: says('Please select a rating', 'no_rating') })
    .max(5, { error: says('Rating must be at most 5 stars', 'rating_too_high') }),
  // The spec's form sends an empty comment when none was typed; null is read the same way.
  comment: z
    .string({ error: says('Comment must be text', 'not_text') })
    .trim()
    .max(REVIEW_COMMENT_MAX, {
      // The limit as the sentence writes it (with its comma), so a catalogue can say it the same way.
      error: says(`Comment must be at most ${indianDigits(REVIEW_COMMENT_MAX)} characters`, 'too_long', {
        max: indianDigits(REVIEW_COMMENT_MAX),
      }),
    })
    .nullish()
    .transform((v) => v ?? ''),
  productId,
})
export type CreateReviewRequest = z.input<typeof createReviewRequest>

/** Query of `GET /review` and `GET /review/overview`. */
export const productReviewsQuery = z.object({ productId })
/** `GET /review`: a product's reviews, one page (the first 100 without page/limit). */
export const reviewListQuery = productReviewsQuery.extend(pagingQuery.shape)

/** A review as listed and as created. */
export const review = z.object({
  _id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  productId: z.string(),
  /** The author's name (the documented client reads userId.firstName / userId.lastName). */
  userId: z.object({ firstName: z.string(), lastName: z.string() }),
  /** The author received this product (an order item of theirs was delivered). */
  verifiedPurchase: z.boolean(),
  /** ISO date; the documented spelling. */
  creeatedAt: z.string(),
  /** ISO date; the corrected alias of creeatedAt. */
  createdAt: z.string(),
})
export type Review = z.infer<typeof review>

/** Whole-number percentage of reviews per star ("1" … "5"); they add up to 100, or are all 0 with no reviews. */
const percent = z.number().int().min(0).max(100)
export const ratingPercentages = z.object({ 1: percent, 2: percent, 3: percent, 4: percent, 5: percent })
export type RatingPercentages = z.infer<typeof ratingPercentages>

export const reviewOverview = z.object({
  /** The exact mean rating (0 with no reviews); the UI rounds it to whole stars. */
  averageRating: z.number().min(0).max(5),
  totalRatings: z.number().int().min(0),
  ratingPercentages,
})
export type ReviewOverview = z.infer<typeof reviewOverview>

/** The review service's public API. */
export const reviewApi = {
  create: {
    ...reviewPaths.create,
    summary: 'Write a star review of a product (one per customer per product)',
    access: 'user',
    documented: true,
    tags: ['review'],
    body: createReviewRequest,
    status: 201,
    response: review,
    errors: {
      400: 'no rating, a rating outside 1–5, or a comment over 2,000 characters',
      401: 'not signed in',
      404: 'the product does not exist',
      409: 'this customer has already reviewed this product',
    },
  },
  list: {
    ...reviewPaths.list,
    summary: "A product's reviews, newest first: the first 100 unless page/limit ask for another page",
    access: 'public',
    documented: true,
    tags: ['review'],
    query: reviewListQuery,
    response: z.array(review),
    responseHeaders: listHeaders('reviews'),
    errors: { 400: 'productId missing, or an invalid page or limit' },
  },
  overview: {
    ...reviewPaths.overview,
    summary: "A product's average rating, rating count and per-star percentages",
    access: 'public',
    documented: true,
    tags: ['review'],
    query: productReviewsQuery,
    response: reviewOverview,
    errors: { 400: 'productId missing' },
  },
} satisfies Record<string, ApiRoute>

export const reviewRoutes: ApiRoute[] = Object.values(reviewApi)
