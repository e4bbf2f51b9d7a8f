import { Button, ListState, Modal, Pager, pageCountOf, useLoad } from '@medstore/ui'
import { loginPath, toast, usePageTitle, useUser } from '@medstore/web-client'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { PRESCRIPTIONS_PER_PAGE } from '../domain/prescriptions.ts'
import { failureMessage } from '../failure.ts'
import { useT } from '../i18n.ts'
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

export function MyPrescriptions() {
  const t = useT()
  usePageTitle(t('rx.title'))
  const user = useUser()
  if (!user)
    return (
      <Section data-remote="mfe_checkout">
        <Title>{t('rx.title')}</Title>
        <Lead>
          {t('rx.signIn.lead')} <Link to={loginPath('/my-prescriptions')}>{t('rx.signIn.link')}</Link>
        </Lead>
      </Section>
    )
  return <PrescriptionsOf />
}

function PrescriptionsOf() {
  const t = useT()
  const [page, setPage] = useState(1)
  const [viewing, setViewing] = useState<Prescription>()
  const [deleting, setDeleting] = useState<Prescription>()
  const [deleteError, setDeleteError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [load, reload] = useLoad(
    () => prescriptionCalls.mine(page, PRESCRIPTIONS_PER_PAGE),
    String(page),
    failureMessage,
  )

  async function remove(prescription: Prescription) {
    setBusy(true)
    setDeleteError(undefined)
    try {
      await prescriptionCalls.remove(prescription.id)
      toast.success(t('rx.deleted'))
      setDeleting(undefined)
      reload()
    } catch (error) {
      setDeleteError(failureMessage(error, t('rx.tryAgain')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section data-remote="mfe_checkout">
      <Title>{t('rx.title')}</Title>
      <Lead>{t('rx.lead')}</Lead>
      <Card>
        <h2>{t('rx.upload.title')}</h2>
        <PrescriptionUpload
          onUploaded={() => {
            toast.success(t('rx.uploaded'))
            if (page === 1) reload()
            else setPage(1)
          }}
        />
      </Card>
      <Card>
        <h2>{t('rx.list.title')}</h2>
        <ListState
          load={load}
          retry={reload}
          failure={t('rx.list.failure')}
          loadingLabel={t('rx.list.loading')}
          isEmpty={(list) => list.items.length === 0}
          empty={t('rx.list.empty')}
        >
          {(list) => (
            <>
              <List aria-label={t('rx.list.label')}>
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
                label={t('rx.list.pages')}
              />
            </>
          )}
        </ListState>
      </Card>
      {viewing ? <PrescriptionPages prescription={viewing} onClose={() => setViewing(undefined)} /> : null}
      <Modal
        open={deleting !== undefined}
        title={t('rx.delete.title')}
        onClose={() => setDeleting(undefined)}
        width={440}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(undefined)}>
              {t('rx.delete.keep')}
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => deleting && void remove(deleting)}>
              {busy ? t('rx.delete.busy') : t('rx.delete.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('rx.delete.body')}</p>
        {deleteError ? (
          <Alert role="alert">
            <p>{t('rx.delete.failed', { reason: deleteError })}</p>
          </Alert>
        ) : null}
      </Modal>
    </Section>
  )
}
