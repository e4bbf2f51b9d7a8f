import { Button, EmptyState, ErrorState, formatLongDate, LoadingState, theme } from '@medstore/ui'
import { type ReactNode, useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { choosable, PRESCRIPTIONS_PER_PAGE, prescriptionStateText } from '../domain/prescriptions.ts'
import { failureMessage } from '../failure.ts'
import { useT } from '../i18n.ts'
import { Card } from '../screens/ui.tsx'
import { type Prescription, prescriptionCalls } from './calls.ts'
import { PrescriptionPages } from './PrescriptionPages.tsx'
import { PrescriptionUpload } from './PrescriptionUpload.tsx'
import { Muted, pagesText } from './parts.tsx'

const Needed = styled.p`
  margin: 0 0 12px;
  padding: 10px 12px;
  border: 1px solid ${theme.color.warningBorder};
  border-radius: ${theme.radius};
  background: ${theme.color.warningLight};
  color: #78350f;
`

const Options = styled.fieldset`
  margin: 0 0 16px;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: 8px;
    font-weight: 600;
  }
`

const Option = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
  padding: 10px 12px;
  margin-bottom: 8px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};

  &:has(input:checked) {
    border-color: ${theme.color.brand};
    background: ${theme.color.brandLighter};
  }
  label {
    display: flex;
    flex: 1;
    min-width: 180px;
    gap: 10px;
    align-items: flex-start;
    cursor: pointer;
  }
  button {
    padding: 4px 12px;
  }
`

type Choices =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; list: Prescription[] }

/**
 * The checkout's Prescription step, for a cart with Schedule H or H1 medicines: a clear word that one is
 * needed, then the choice.
 */
export function CheckoutPrescription({
  chosen,
  onChoose,
}: {
  chosen: string | undefined
  onChoose: (id: string | undefined) => void
}) {
  const t = useT()
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="prescription-step">
      <h2 id={titleId}>{t('rx.step.title')}</h2>
      <Needed>{t('rx.step.needed')}</Needed>
      <PrescriptionChoice chosen={chosen} onChoose={onChoose} />
    </Card>
  )
}

/**
 * Pick one of the customer's usable prescriptions (approved and valid, or awaiting review), or upload a new
 * one, which is then chosen.
 */
export function PrescriptionChoice({
  chosen,
  onChoose,
}: {
  chosen: string | undefined
  onChoose: (id: string | undefined) => void
}) {
  const t = useT()
  const [choices, setChoices] = useState<Choices>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [viewing, setViewing] = useState<Prescription>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's reload
  useEffect(() => {
    let current = true
    setChoices({ status: 'loading' })
    prescriptionCalls.mine(1, PRESCRIPTIONS_PER_PAGE).then(
      ({ items }) => current && setChoices({ status: 'ready', list: choosable(items) }),
      (error: unknown) =>
        current &&
        setChoices({
          status: 'error',
          message: failureMessage(error, ''),
        }),
    )
    return () => {
      current = false
    }
  }, [attempt])

  const uploaded = (prescription: Prescription) => {
    setChoices((previous) => ({
      status: 'ready',
      list: [prescription, ...(previous.status === 'ready' ? previous.list : [])],
    }))
    onChoose(prescription.id)
  }

  let list: ReactNode
  if (choices.status === 'loading') list = <LoadingState label={t('rx.list.loading')} />
  else if (choices.status === 'error')
    list = (
      <ErrorState
        failure={t('rx.step.failure')}
        message={choices.message}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    )
  else if (choices.list.length === 0) list = <EmptyState>{t('rx.step.empty')}</EmptyState>
  else
    list = (
      <Options>
        <legend>{t('rx.step.use')}</legend>
        {choices.list.map((p) => (
          <Option key={p.id}>
            <label>
              <input
                type="radio"
                name="prescriptionId"
                value={p.id}
                checked={chosen === p.id}
                onChange={() => onChoose(p.id)}
              />
              <span>
                {t('rx.step.option', {
                  date: formatLongDate(p.uploadedAt),
                  pages: pagesText(p.pages.length),
                })}
                <Muted>{prescriptionStateText(p).text}</Muted>
              </span>
            </label>
            <Button
              variant="ghost"
              aria-label={t('rx.step.viewLabel', { date: formatLongDate(p.uploadedAt) })}
              onClick={() => setViewing(p)}
            >
              {t('rx.item.view')}
            </Button>
          </Option>
        ))}
      </Options>
    )

  return (
    <>
      {list}
      <PrescriptionUpload label={t('rx.step.uploadLabel')} onUploaded={uploaded} />
      {viewing ? <PrescriptionPages prescription={viewing} onClose={() => setViewing(undefined)} /> : null}
    </>
  )
}
