import type { Review, ReviewOverview } from '@medstore/contracts/review'
import {
  Button,
  EmptyState,
  ErrorState,
  type FieldProblem,
  formatDate,
  LoadingState,
  problemText,
  TextAreaField,
  theme,
} from '@medstore/ui'
import { StarRating } from '@medstore/ui/later'
import { failureText, links, loginPath, toast, useUser } from '@medstore/web-client'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { storeApi } from '../data/api.ts'
import { useRemote } from '../data/useRemote.ts'
import { averageLabel, starRows, wholeStars } from '../domain/reviews.ts'
import { useT } from '../i18n.ts'

const Layout = styled.div`
  display: grid;
  gap: 24px;

  @media (min-width: ${theme.mobile}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }

  h3 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
`

const Card = styled.div`
  padding: 18px;
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  background: ${theme.color.surface};
`

const Average = styled.p`
  display: flex;
  align-items: center;
  gap: 10px;
  margin: 0 0 12px;
  font-size: 2rem;
  font-weight: 800;

  small {
    font-size: 0.9rem;
    font-weight: 500;
    color: ${theme.color.muted};
  }
`

const Bars = styled.ul`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 52px minmax(0, 1fr) 44px;
    align-items: center;
    gap: 8px;
    font-size: 0.85rem;
  }

  .track {
    height: 8px;
    border-radius: 4px;
    background: ${theme.color.border};
    overflow: hidden;
  }

  .fill {
    height: 100%;
    background: ${theme.color.star};
  }
`

const List = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 14px;
    border: 1px solid ${theme.color.border};
    border-radius: 10px;
    background: ${theme.color.surface};
  }

  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    font-weight: 600;
  }

  p {
    margin: 8px 0 0;
    overflow-wrap: anywhere;
  }

  time {
    font-size: 0.8rem;
    font-weight: 400;
    color: ${theme.color.subtle};
  }
`

const Verified = styled.span`
  padding: 1px 8px;
  border-radius: 999px;
  background: ${theme.color.brandLight};
  color: ${theme.color.brandDark};
  font-size: 0.75rem;
  font-weight: 600;
`

/** Average rounded to whole stars, the number of ratings and a bar per star (spec: review overview). */
export function ReviewOverviewCard({ overview }: { overview: ReviewOverview }) {
  const t = useT()
  return (
    <div>
      <Average>
        {averageLabel(overview.averageRating)}
        <StarRating value={wholeStars(overview.averageRating)} />
        <small>{t('reviews.ratings', { count: overview.totalRatings })}</small>
      </Average>
      <Bars aria-label={t('reviews.perStar')}>
        {starRows(overview).map((row) => (
          <li key={row.star}>
            <span>{t('reviews.star', { star: row.star })}</span>
            <span
              className="track"
              role="progressbar"
              aria-label={t('reviews.star', { star: row.star })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.percent}
            >
              <span className="fill" style={{ display: 'block', width: `${row.percent}%` }} />
            </span>
            <span>{row.percent}%</span>
          </li>
        ))}
      </Bars>
    </div>
  )
}

function ReviewForm({ productId, onCreated }: { productId: string; onCreated: () => void }) {
  const t = useT()
  const user = useUser()
  const [rating, setRating] = useState(0)
  const [comment, setComment] = useState('')
  const [error, setError] = useState<FieldProblem>()
  const [sending, setSending] = useState(false)
  if (!user)
    return (
      <p>
        {t.rich('reviews.signIn', {
          link: (text) => <Link to={loginPath(links.product(productId))}>{text}</Link>,
        })}
      </p>
    )
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // The contract's schema is loaded on the first send: zod stays off the store's first render.
    const { createReviewRequest } = await import('@medstore/contracts/review')
    const parsed = createReviewRequest.safeParse({ rating, comment, productId })
    if (!parsed.success) {
      const { problemOf } = await import('@medstore/contracts/problems')
      const issue = parsed.error.issues[0]
      setError(issue && { message: issue.message, path: issue.path.join('.'), ...problemOf(issue) })
      return
    }
    setSending(true)
    try {
      await storeApi.createReview(parsed.data)
      toast.success(t('reviews.created'))
      setRating(0)
      setComment('')
      setError(undefined)
      onCreated()
    } catch (failure) {
      toast.error(t('reviews.failed'), failureText(failure))
    } finally {
      setSending(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('reviews.form')}>
      <StarRating
        value={rating}
        label={t('reviews.yourRating')}
        onChange={(value) => {
          setRating(value)
          setError(undefined)
        }}
      />
      {error ? (
        <p role="alert" style={{ color: theme.color.danger, margin: '6px 0 0' }}>
          {problemText(error, t)}
        </p>
      ) : null}
      <div style={{ marginTop: 12 }}>
        <TextAreaField
          label={t('reviews.yourReview')}
          value={comment}
          maxLength={2000}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={sending}>
        {sending ? t('reviews.submitting') : t('reviews.submit')}
      </Button>
    </form>
  )
}

/** The Reviews tab: overview, the feedback form and 'Client Reviews'. */
export function Reviews({ productId }: { productId: string }) {
  const t = useT()
  const [version, setVersion] = useState(0)
  const key = `${productId}:${version}`
  const overview = useRemote<ReviewOverview>(key, (signal) => storeApi.reviewOverview(productId, signal))
  const reviews = useRemote<Review[]>(key, (signal) => storeApi.reviews(productId, signal))
  return (
    <Layout>
      <div style={{ display: 'grid', gap: 16, alignContent: 'start' }}>
        <Card>
          <h3>{t('reviews.customerRatings')}</h3>
          {overview.status === 'error' ? (
            <ErrorState
              message={overview.message}
              failure={t('reviews.overviewFailed')}
              onRetry={overview.reload}
            />
          ) : overview.data ? (
            <ReviewOverviewCard overview={overview.data} />
          ) : (
            <LoadingState />
          )}
        </Card>
        <Card>
          <h3>{t('reviews.form')}</h3>
          <ReviewForm productId={productId} onCreated={() => setVersion((v) => v + 1)} />
        </Card>
      </div>
      <section aria-labelledby="client-reviews">
        <h3 id="client-reviews">{t('reviews.client')}</h3>
        {reviews.status === 'error' ? (
          <ErrorState message={reviews.message} failure={t('reviews.listFailed')} onRetry={reviews.reload} />
        ) : !reviews.data ? (
          <LoadingState />
        ) : reviews.data.length === 0 ? (
          <EmptyState>{t('reviews.empty')}</EmptyState>
        ) : (
          <List>
            {reviews.data.map((review) => (
              <li key={review._id}>
                <header>
                  {`${review.userId.firstName} ${review.userId.lastName}`.trim() || t('reviews.anonymous')}
                  <StarRating value={review.rating} />
                  {review.verifiedPurchase ? <Verified>{t('reviews.verified')}</Verified> : null}
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                </header>
                {review.comment ? <p>{review.comment}</p> : null}
              </li>
            ))}
          </List>
        )}
      </section>
    </Layout>
  )
}
