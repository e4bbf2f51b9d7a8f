import { Button, ListState, Modal, Pager, pageCountOf, useLoad } from '@medstore/ui'
import { loginPath, toast, usePageTitle, useUser } from '@medstore/web-client'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { PRESCRIPTIONS_PER_PAGE } from '../domain/prescriptions.ts'
import { type Prescription, prescriptionCalls } from '../prescriptions/calls.ts'
import { PrescriptionItem } from '../prescriptions/PrescriptionItem.tsx'
import { PrescriptionPages } from '../prescriptions/PrescriptionPages.tsx'
import { PrescriptionUpload } from '../prescriptions/PrescriptionUpload.tsx'
import { Alert, Card, Lead, Section, Title } from './ui.tsx'

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.')

export function MyPrescriptions() {
  usePageTitle('My prescriptions')
  const user = useUser()
  if (!user)
    return (
      <Section data-remote="mfe_checkout">
        <Title>My prescriptions</Title>
        <Lead>
          Please <Link to={loginPath('/my-prescriptions')}>sign in</Link> to see your prescriptions.
        </Lead>
      </Section>
    )
  return <PrescriptionsOf />
}

function PrescriptionsOf() {
  const [page, setPage] = useState(1)
  const [viewing, setViewing] = useState<Prescription>()
  const [deleting, setDeleting] = useState<Prescription>()
  const [deleteError, setDeleteError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [load, reload] = useLoad(() => prescriptionCalls.mine(page, PRESCRIPTIONS_PER_PAGE), String(page))

  async function remove(prescription: Prescription) {
    setBusy(true)
    setDeleteError(undefined)
    try {
      await prescriptionCalls.remove(prescription.id)
      toast.success('Prescription deleted')
      setDeleting(undefined)
      reload()
    } catch (error) {
      setDeleteError(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section data-remote="mfe_checkout">
      <Title>My prescriptions</Title>
      <Lead>
        Medicines of Schedule H and H1 are sent only against a doctor’s prescription that our pharmacist has
        checked. Upload it here or at checkout; an approved one can be used again while it is valid. Only you
        and our pharmacists can see it.
      </Lead>
      <Card>
        <h2>Upload a prescription</h2>
        <PrescriptionUpload
          onUploaded={() => {
            toast.success('Prescription uploaded. Our pharmacist will review it with your order.')
            if (page === 1) reload()
            else setPage(1)
          }}
        />
      </Card>
      <Card>
        <h2>Your prescriptions</h2>
        <ListState
          load={load}
          retry={reload}
          failure="Failed to fetch your prescriptions."
          loadingLabel="Loading your prescriptions..."
          isEmpty={(list) => list.items.length === 0}
          empty="You have not uploaded a prescription yet."
        >
          {(list) => (
            <>
              <List aria-label="Prescriptions">
                {list.items.map((p) => (
                  <PrescriptionItem
                    key={p.id}
                    prescription={p}
                    onView={() => setViewing(p)}
                    onDelete={() => {
                      setDeleteError(undefined)
                      setDeleting(p)
                    }}
                  />
                ))}
              </List>
              <Pager
                page={page}
                pageCount={pageCountOf(list.total, PRESCRIPTIONS_PER_PAGE)}
                onPageChange={setPage}
                label="Prescription pages"
              />
            </>
          )}
        </ListState>
      </Card>
      {viewing ? <PrescriptionPages prescription={viewing} onClose={() => setViewing(undefined)} /> : null}
      <Modal
        open={deleting !== undefined}
        title="Delete this prescription?"
        onClose={() => setDeleting(undefined)}
        width={440}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(undefined)}>
              Keep it
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => deleting && void remove(deleting)}>
              {busy ? 'Deleting...' : 'Delete'}
            </Button>
          </>
        }
      >
        <p>The prescription and its pages are removed for good. You can upload it again later.</p>
        {deleteError ? (
          <Alert role="alert">
            <p>Could not delete: {deleteError}</p>
          </Alert>
        ) : null}
      </Modal>
    </Section>
  )
}
