import { Button, formatLongDate, Modal } from '@medstore/ui'
import { FileViewer } from '@medstore/ui/later'
import { useState } from 'react'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { type Prescription, prescriptionCalls } from './calls.ts'

const PageTabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 12px;

  button {
    padding: 6px 12px;
  }
`

/** A prescription's pages, one at a time, fetched signed in (never from a public URL). */
export function PrescriptionPages({
  prescription,
  onClose,
}: {
  prescription: Prescription
  onClose: () => void
}) {
  const t = useT()
  const [page, setPage] = useState(1)
  const count = prescription.pages.length
  return (
    <Modal
      open
      title={t('rx.view.title', { date: formatLongDate(prescription.uploadedAt) })}
      onClose={onClose}
      width={760}
    >
      {count > 1 ? (
        <PageTabs role="group" aria-label={t('rx.view.pages')}>
          {prescription.pages.map((p) => (
            <Button
              key={p.number}
              variant={p.number === page ? 'primary' : 'secondary'}
              aria-pressed={p.number === page}
              onClick={() => setPage(p.number)}
            >
              {t('rx.view.page', { number: p.number })}
            </Button>
          ))}
        </PageTabs>
      ) : null}
      <FileViewer
        fileKey={`${prescription.id}/${page}`}
        label={t('rx.view.label', { page, count })}
        load={() => prescriptionCalls.page(prescription.id, page)}
      />
    </Modal>
  )
}
