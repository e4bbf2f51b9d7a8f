import { formatWeekdayDate } from '@medstore/ui'
import { useT } from '../i18n.ts'

/** The 'Delivery by' line of an order's facts (a <dt>/<dd> pair), when the order recorded a promise. */
export function PromisedDelivery({
  order,
}: {
  order: { promisedDeliveryDate: string | null; status: string }
}) {
  const t = useT()
  if (!order.promisedDeliveryDate || order.status === 'cancelled') return null
  return (
    <>
      <dt>{t('delivery.promised')}</dt>
      <dd data-testid="promised-delivery">{formatWeekdayDate(order.promisedDeliveryDate)}</dd>
    </>
  )
}
