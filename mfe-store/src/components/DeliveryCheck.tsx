import { Button, formatWeekdayDate, TextField, theme } from '@medstore/ui'
import { isPinCode, PAINT_HIDDEN, rememberedPincode, useDeliveryCheck } from '@medstore/web-client'
import { type FormEvent, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../i18n.ts'

const Box = styled.section`
  padding: 12px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};

  h2 {
    margin: 0 0 8px;
    font-size: 1rem;
  }
  form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    gap: 0 8px;
  }
  form > :first-child {
    flex: 1 1 140px;
    min-width: 0;
  }
  /* Level with the input, under the field's label. */
  form > button {
    margin-top: 1.6rem;
  }
  .answer {
    margin: 4px 0 0;
    overflow-wrap: anywhere;
  }
  .promise {
    font-weight: 700;
    color: ${theme.color.brand};
  }
  .refused {
    color: ${theme.color.danger};
  }
  small {
    display: block;
    color: ${theme.color.muted};
  }
`

/**
 * 'Check delivery' on the product page: the shopper's PIN code → where it is, whether we deliver there and
 * 'Delivery by {day}'. Starts with the PIN code last checked in this browser (checkout starts with it too).
 */
export function DeliveryCheck() {
  const t = useT()
  const [typed, setTyped] = useState(rememberedPincode)
  const [asked, setAsked] = useState(typed)
  const [attempt, setAttempt] = useState(0)
  const [invalid, setInvalid] = useState(false)
  const check = useDeliveryCheck(asked, attempt)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const pincode = typed.trim()
    setInvalid(!isPinCode(pincode))
    if (!isPinCode(pincode)) return
    if (pincode === asked) setAttempt((n) => n + 1)
    else setAsked(pincode)
  }

  return (
    <Box aria-labelledby="delivery-check-title" {...PAINT_HIDDEN}>
      <h2 id="delivery-check-title">{t('delivery.title')}</h2>
      <form onSubmit={submit} noValidate aria-label={t('delivery.title')}>
        <TextField
          label={t('delivery.pincode')}
          name="pincode"
          value={typed}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          error={invalid ? t('delivery.invalid') : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={check.status === 'checking'}>
          {t('delivery.check')}
        </Button>
      </form>
      <div aria-live="polite" data-testid="delivery-answer">
        {check.status === 'checking' ? <p className="answer">{t('delivery.checking')}</p> : null}
        {check.status === 'unknown' ? (
          <p className="answer refused">{t('delivery.unknown', { pincode: check.pincode })}</p>
        ) : null}
        {check.status === 'failed' ? (
          <p className="answer refused">{t('delivery.failed', { message: check.message })}</p>
        ) : null}
        {check.status === 'known' && !check.estimate.served ? (
          <p className="answer refused">
            {t('delivery.notServed', { pincode: check.estimate.pincode, place: placeOf(check.estimate) })}
          </p>
        ) : null}
        {check.status === 'known' && check.estimate.served ? (
          <p className="answer">
            <span className="promise">
              {t('delivery.by', { date: formatWeekdayDate(check.estimate.deliveryBy) })}
            </span>
            <small>
              {t('delivery.to', { place: placeOf(check.estimate) })} ·{' '}
              {t(check.estimate.speed === 'express' ? 'delivery.express' : 'delivery.standard')}
            </small>
            <small>{t('delivery.cutoff', { time: check.estimate.cutoffTime })}</small>
          </p>
        ) : null}
      </div>
    </Box>
  )
}

const placeOf = (estimate: { city: string; state: string }) => `${estimate.city}, ${estimate.state}`
