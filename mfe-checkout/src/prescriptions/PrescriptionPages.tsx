import { Button, FileViewer, formatLongDate, Modal } from '@medstore/ui'
import { useState } from 'react'
import styled from 'styled-components'
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
  const [page, setPage] = useState(1)
  const count = prescription.pages.length
  return (
    <Modal
      open
      title={`Prescription of ${formatLongDate(prescription.uploadedAt)}`}
      onClose={onClose}
      width={760}
    >
      {count > 1 ? (
        <PageTabs role="group" aria-label="Pages">
          {prescription.pages.map((p) => (
            <Button
              key={p.number}
              variant={p.number === page ? 'primary' : 'secondary'}
              aria-pressed={p.number === page}
              onClick={() => setPage(p.number)}
            >
              Page {p.number}
            </Button>
          ))}
        </PageTabs>
      ) : null}
      <FileViewer
        fileKey={`${prescription.id}/${page}`}
        label={`Prescription page ${page} of ${count}`}
        load={() => prescriptionCalls.page(prescription.id, page)}
      />
    </Modal>
  )
}
