import { theme } from '@medstore/ui'
import { useId } from 'react'
import styled from 'styled-components'
import { useT } from './later/messages.ts'

const Stars = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${theme.color.star};
  font-size: 1.2rem;
  line-height: 1;

  /* as a fieldset (the clickable form) */
  margin: 0;
  padding: 0;
  border: 0;

  label {
    padding: 2px;
    cursor: pointer;
  }

  label:focus-within {
    outline: 3px solid ${theme.color.focus};
  }
`

export interface StarRatingProps {
  /** 0..max; shown rounded to whole stars (spec: average rating rounded). */
  value: number
  max?: number
  /** Makes the stars clickable (the review form): called with 1..max. */
  onChange?: (value: number) => void
  /** Accessible name of the control, e.g. "Your rating". */
  label?: string
}

/** Whole stars, read-only or as a clickable control. */
export function StarRating({ value, max = 5, onChange, label }: StarRatingProps) {
  const t = useT()
  const name = useId()
  const rounded = Math.min(max, Math.max(0, Math.round(value)))
  const stars = Array.from({ length: max }, (_, i) => i + 1)
  if (!onChange) {
    return (
      <Stars role="img" aria-label={t('stars.outOf', { value: rounded, max })}>
        {stars.map((star) => (
          <span key={star} aria-hidden="true">
            {star <= rounded ? '★' : '☆'}
          </span>
        ))}
      </Stars>
    )
  }
  return (
    <Stars as="fieldset">
      <legend className="visually-hidden">{label ?? t('stars.label')}</legend>
      {stars.map((star) => (
        <label key={star} title={t('stars.star', { count: star })}>
          <input
            className="visually-hidden"
            type="radio"
            name={name}
            value={star}
            checked={star === rounded}
            onChange={() => onChange(star)}
            aria-label={t('stars.star', { count: star })}
          />
          <span aria-hidden="true">{star <= rounded ? '★' : '☆'}</span>
        </label>
      ))}
    </Stars>
  )
}
