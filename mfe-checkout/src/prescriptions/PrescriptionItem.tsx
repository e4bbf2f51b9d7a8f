import { Button, formatLongDate, theme } from '@medstore/ui'
import styled from 'styled-components'
import { deleteBlock, prescriptionStateText } from '../domain/prescriptions.ts'
import { useT } from '../i18n.ts'
import type { Prescription } from './calls.ts'
import { Muted, pagesText, StateText } from './parts.tsx'

const Row = styled.li`
  display: grid;
  gap: 8px 16px;
  grid-template-columns: minmax(0, 1fr);
  padding: 12px 0;
  border-bottom: 1px solid ${theme.color.border};

  @media (min-width: 640px) {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .actions button {
    padding: 6px 14px;
  }
  h3 {
    margin: 0 0 6px;
    font-size: 1rem;
  }
`

/** One prescription in My prescriptions: when, how many pages, its state; View and Delete. */
export function PrescriptionItem({
  prescription,
  onView,
  onDelete,
}: {
  prescription: Prescription
  onView: () => void
  onDelete: () => void
}) {
  const t = useT()
  const state = prescriptionStateText(prescription)
  const blocked = deleteBlock(prescription)
  const date = formatLongDate(prescription.uploadedAt)
  return (
    <Row data-testid="prescription" data-state={prescription.state}>
      <div>
        <h3>{t('rx.item.uploaded', { date })}</h3>
        <StateText $tone={state.tone}>{state.text}</StateText>
        <Muted>
          {pagesText(prescription.pages.length)}
          {prescription.doctorName ? ` · ${t('rx.item.doctor', { name: prescription.doctorName })}` : ''}
        </Muted>
        {blocked ? <Muted>{blocked}</Muted> : null}
      </div>
      <div className="actions">
        <Button variant="secondary" aria-label={t('rx.item.viewLabel', { date })} onClick={onView}>
          {t('rx.item.view')}
        </Button>
        {blocked ? null : (
          <Button variant="danger" aria-label={t('rx.item.deleteLabel', { date })} onClick={onDelete}>
            {t('rx.item.delete')}
          </Button>
        )}
      </div>
    </Row>
  )
}
