import type { Order } from '@medstore/contracts/order'
import { Button, formatDateTime } from '@medstore/ui'
import { toast } from '@medstore/web-client'
import { useState } from 'react'
import { orderPrescriptionText, reattachOpen } from '../domain/prescriptions.ts'
import { failureMessage } from '../failure.ts'
import { useT } from '../i18n.ts'
import { Alert, Lead } from '../screens/ui.tsx'
import { PrescriptionChoice } from './CheckoutPrescription.tsx'
import { prescriptionCalls } from './calls.ts'
import { StateText } from './parts.tsx'

/**
 * An order's prescription check in My orders: awaiting verification, approved, or rejected with the
 * pharmacist's reason — and then, until the deadline, the way to attach another prescription.
 */
export function OrderPrescription({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const t = useT()
  const [chosen, setChosen] = useState<string>()
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string>()
  const check = order.prescription
  if (!check) return null
  const state = orderPrescriptionText(check)
  const open = reattachOpen(check, new Date())

  async function attach() {
    if (!chosen) return
    setSending(true)
    setError(undefined)
    try {
      await prescriptionCalls.attach(chosen, order._id)
      toast.success(t('rx.attach.done', { number: order.number }))
      onChanged({
        ...order,
        prescription: {
          status: 'awaiting_verification',
          prescriptionId: chosen,
          reason: null,
          reattachBy: null,
        },
      })
    } catch (failure) {
      setError(failureMessage(failure, t('rx.tryAgain')))
    } finally {
      setSending(false)
    }
  }

  return (
    <section aria-label={t('rx.order.title')} data-testid="order-prescription" data-status={check.status}>
      <h3>{t('rx.order.title')}</h3>
      <StateText $tone={state.tone}>{state.text}</StateText>
      {check.status === 'rejected' && check.reattachBy ? (
        open ? (
          <>
            <Lead style={{ marginTop: 8 }}>
              {t('rx.attach.lead', { date: formatDateTime(check.reattachBy) })}
            </Lead>
            <PrescriptionChoice chosen={chosen} onChoose={setChosen} />
            {error ? (
              <Alert role="alert">
                <p>{t('rx.attach.failed', { reason: error })}</p>
              </Alert>
            ) : null}
            <Button disabled={!chosen || sending} onClick={() => void attach()} style={{ marginTop: 8 }}>
              {sending ? t('rx.attach.busy') : t('rx.attach.submit')}
            </Button>
          </>
        ) : (
          <Lead style={{ marginTop: 8 }}>{t('rx.attach.closed')}</Lead>
        )
      ) : null}
    </section>
  )
}
