import {
  Button,
  ErrorState,
  formatDateTime,
  formatLongDate,
  INDIAN_DATE_HINT,
  LoadingState,
  TextAreaField,
  TextField,
  theme,
  useLoad,
} from '@medstore/ui'
import { FileViewer } from '@medstore/ui/later'
import { toast } from '@medstore/web-client'
import { type FormEvent, useState } from 'react'
import styled from 'styled-components'
import { type OrderVerification, vendorApi } from '../../api.ts'
import {
  type ApproveForm,
  checkApproval,
  emptyApproveForm,
  type FieldErrors,
  indianDay,
  lineText,
  rejectionProblem,
  waitingText,
} from '../../domain/prescriptions.ts'
import { ErrorText } from '../common.tsx'

const Workspace = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 1100px) {
    grid-template-columns: minmax(0, 1fr) 380px;
    align-items: start;
  }
`

const Box = styled.section`
  min-width: 0;
  padding: 16px;
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  background: ${theme.color.surface};

  h2 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
  ul {
    margin: 0 0 8px;
    padding-left: 20px;
  }
`

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  justify-content: space-between;

  p {
    margin: 0;
    color: ${theme.color.muted};
  }
`

const PageTabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 10px;

  button {
    padding: 6px 12px;
  }
`

const Decided = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 12px;
  margin: 0;

  dt {
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** One order's prescription check: the file beside the order's Rx lines, and the decision. */
export function Review({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [load, reload] = useLoad(() => vendorApi.verification(orderId), orderId)
  const back = (
    <Button variant="secondary" onClick={onDone}>
      ← Back to the queue
    </Button>
  )
  if (load.status === 'error')
    return (
      <>
        <div>{back}</div>
        <ErrorState
          failure="Failed to open the order's prescription."
          message={load.error}
          onRetry={reload}
        />
      </>
    )
  if (!load.data) return <LoadingState label="Opening the prescription..." />
  const check = load.data
  return (
    <>
      <Head>
        <p>
          Order <strong>{check.orderNumber}</strong> · {check.customerName} · placed{' '}
          {formatDateTime(check.submittedAt)} · waiting {waitingText(check.waitingMinutes)}
        </p>
        {back}
      </Head>
      <Workspace>
        <Box aria-label="Prescription file">
          <PrescriptionFile check={check} />
        </Box>
        <div style={{ display: 'grid', gap: 16, minWidth: 0 }}>
          <Box aria-labelledby="rx-lines">
            <h2 id="rx-lines">Prescription medicines</h2>
            <ul>
              {check.lines.map((line) => (
                <li key={line.itemId}>{lineText(line)}</li>
              ))}
            </ul>
          </Box>
          {check.status === 'awaiting_verification' ? (
            <Decision check={check} onDecided={onDone} />
          ) : (
            <Box aria-labelledby="rx-decided">
              <h2 id="rx-decided">{check.status === 'approved' ? 'Approved' : 'Rejected'}</h2>
              <Decided>
                {check.status === 'rejected' ? (
                  <>
                    <dt>Reason</dt>
                    <dd>{check.reason}</dd>
                  </>
                ) : (
                  <>
                    <dt>Doctor</dt>
                    <dd>
                      {check.prescription.doctorName} ({check.prescription.doctorRegistration})
                    </dd>
                    <dt>Patient</dt>
                    <dd>{check.prescription.patientName}</dd>
                    <dt>Dated</dt>
                    <dd>{check.prescription.issuedOn ? formatLongDate(check.prescription.issuedOn) : '—'}</dd>
                  </>
                )}
              </Decided>
            </Box>
          )}
        </div>
      </Workspace>
    </>
  )
}

function PrescriptionFile({ check }: { check: OrderVerification }) {
  const [page, setPage] = useState(1)
  const { prescription } = check
  const count = prescription.pages.length
  return (
    <>
      <h2>
        Prescription · page {page} of {count}
      </h2>
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
        label={`Prescription of order ${check.orderNumber}, page ${page} of ${count}`}
        load={() => vendorApi.prescriptionPage(prescription.id, page)}
      />
    </>
  )
}

/** Approve (what the pharmacist read from the prescription) or reject (with the reason the customer reads). */
function Decision({ check, onDecided }: { check: OrderVerification; onDecided: () => void }) {
  const [form, setForm] = useState<ApproveForm>(emptyApproveForm)
  const [errors, setErrors] = useState<FieldErrors<keyof ApproveForm>>({})
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const today = indianDay(new Date())

  const set = (field: keyof ApproveForm, value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }))
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  async function decide(send: () => Promise<unknown>, done: string) {
    setBusy(true)
    setProblem(undefined)
    try {
      await send()
      toast.success(done)
      onDecided()
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  const approve = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkApproval(form, today)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    void decide(
      () => vendorApi.approvePrescription(check.orderId, checked.value),
      `Prescription of order ${check.orderNumber} approved`,
    )
  }

  const reject = (event: FormEvent) => {
    event.preventDefault()
    const missing = rejectionProblem(reason)
    setReasonError(missing)
    if (missing) return
    void decide(
      () => vendorApi.rejectPrescription(check.orderId, reason.trim()),
      `Prescription of order ${check.orderNumber} rejected; the customer is told why`,
    )
  }

  return (
    <>
      {problem ? <ErrorText role="alert">{problem}</ErrorText> : null}
      <Box aria-labelledby="rx-approve">
        <h2 id="rx-approve">Approve</h2>
        <form onSubmit={approve} noValidate aria-labelledby="rx-approve">
          <TextField
            label="Doctor's name"
            value={form.doctorName}
            error={errors.doctorName}
            onChange={(e) => set('doctorName', e.target.value)}
          />
          <TextField
            label="Registration number"
            hint="The doctor's medical council registration"
            value={form.doctorRegistration}
            error={errors.doctorRegistration}
            onChange={(e) => set('doctorRegistration', e.target.value)}
          />
          <TextField
            label="Patient's name"
            value={form.patientName}
            error={errors.patientName}
            onChange={(e) => set('patientName', e.target.value)}
          />
          {/* Day first, as the prescription is written: the browser's date field follows its locale. */}
          <TextField
            label="Prescription date"
            inputMode="numeric"
            placeholder={INDIAN_DATE_HINT}
            value={form.issuedOn}
            error={errors.issuedOn}
            onChange={(e) => set('issuedOn', e.target.value)}
          />
          <Button type="submit" block disabled={busy}>
            Approve
          </Button>
        </form>
      </Box>
      <Box aria-labelledby="rx-reject">
        <h2 id="rx-reject">Reject</h2>
        <form onSubmit={reject} noValidate aria-labelledby="rx-reject">
          <TextAreaField
            label="Reason"
            hint="The customer reads it and may attach another prescription within 48 hours"
            value={reason}
            error={reasonError}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value)
              if (reasonError) setReasonError(undefined)
            }}
          />
          <Button type="submit" variant="danger" block disabled={busy}>
            Reject
          </Button>
        </form>
      </Box>
    </>
  )
}
