import { formatWeekdayDate, theme } from '@medstore/ui'
import { type DeliveryCheck, PAINT_HIDDEN } from '@medstore/web-client'
import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import type { Place } from '../domain/delivery.ts'
import { useT } from '../i18n.ts'

const Answer = styled.p<{ $refused: boolean }>`
  margin: 4px 0 0;
  font-weight: 600;
  overflow-wrap: anywhere;
  color: ${(p) => (p.$refused ? theme.color.danger : theme.color.brand)};
`

/**
 * Checkout's delivery promise for the PIN code typed so far (`check`, useDeliveryCheck's): once it is a
 * whole PIN code, says whether and by when we deliver there and hands its city and state to the form
 * (`onPlace`, with what it handed before, so the form replaces only what this filled in).
 */
export function DeliveryPromise({
  check,
  onPlace,
}: {
  check: DeliveryCheck
  onPlace: (place: Place, previous: Place | undefined) => void
}) {
  const t = useT()
  const filled = useRef<Place | undefined>(undefined)
  const onPlaceRef = useRef(onPlace)
  onPlaceRef.current = onPlace
  const estimate = check.status === 'known' ? check.estimate : undefined

  useEffect(() => {
    if (!estimate) return
    const place = { city: estimate.city, state: estimate.state }
    onPlaceRef.current(place, filled.current)
    filled.current = place
  }, [estimate])

  return (
    <div aria-live="polite" data-testid="delivery-promise" {...PAINT_HIDDEN}>
      {check.status === 'checking' ? <Answer $refused={false}>{t('delivery.checking')}</Answer> : null}
      {check.status === 'unknown' ? (
        <Answer $refused>{t('delivery.unknown', { pincode: check.pincode })}</Answer>
      ) : null}
      {check.status === 'failed' ? (
        <Answer $refused>{t('delivery.failed', { message: check.message })}</Answer>
      ) : null}
      {estimate && !estimate.served ? (
        <Answer $refused>{t('delivery.notServed', { pincode: estimate.pincode })}</Answer>
      ) : null}
      {estimate?.served ? (
        <Answer $refused={false}>
          {t(estimate.speed === 'express' ? 'delivery.byExpress' : 'delivery.byStandard', {
            date: formatWeekdayDate(estimate.deliveryBy),
          })}
        </Answer>
      ) : null}
    </div>
  )
}
