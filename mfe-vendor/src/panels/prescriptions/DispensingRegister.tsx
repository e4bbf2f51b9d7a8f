import { Button, FilterBar, formatDateTime, ListState, pageCountOf, TextField, useLoad } from '@medstore/ui'
import { type Column, DataTable, saveFile } from '@medstore/ui/later'
import { type FormEvent, useEffect, useState } from 'react'
import { type RegisterEntry, vendorApi } from '../../api.ts'
import { indianDay, REGISTER_PAGE_SIZE, rangeProblem, registerCsvName } from '../../domain/prescriptions.ts'
import { useUrlState } from '../../url-state.ts'
import { ErrorText, Panel } from '../common.tsx'

const columns: Column<RegisterEntry>[] = [
  { header: 'Dispensed', cell: (row) => formatDateTime(row.dispensedAt), nowrap: true },
  { header: 'Order', cell: (row) => row.orderNumber, nowrap: true },
  { header: 'Patient', cell: (row) => row.patientName },
  {
    header: 'Prescriber',
    cell: (row) => (
      <>
        {row.prescriberName}
        <br />
        <small>Reg. {row.prescriberRegistration}</small>
      </>
    ),
  },
  { header: 'Medicine', cell: (row) => row.medicine },
  { header: 'Quantity', cell: (row) => row.quantity, nowrap: true },
]

/**
 * The dispensing register: every Schedule H1 line shipped, filtered by India's calendar days (the last 30
 * by default), paged, and exported as CSV for an inspector.
 */
export function DispensingRegister() {
  const today = indianDay(new Date())
  const [state, setState] = useUrlState({ from: indianDay(new Date(), -30), to: today })
  const [draft, setDraft] = useState({ from: state.from, to: state.to })
  const [problem, setProblem] = useState<string>()
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string>()
  const invalid = rangeProblem(state.from, state.to)
  const [load, reload] = useLoad(async () => {
    if (invalid) throw new Error(invalid)
    return vendorApi.dispensingRegister(state.from, state.to, state.page, REGISTER_PAGE_SIZE)
  }, `${state.from} ${state.to} ${state.page}`)
  useEffect(() => setDraft({ from: state.from, to: state.to }), [state.from, state.to])

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const wrong = rangeProblem(draft.from, draft.to)
    setProblem(wrong)
    if (!wrong) setState({ ...draft, page: 1 })
  }

  async function exportCsv() {
    setExporting(true)
    setExportError(undefined)
    try {
      saveFile(
        await vendorApi.dispensingRegisterCsv(state.from, state.to),
        registerCsvName(state.from, state.to),
      )
    } catch (error) {
      setExportError(`Could not export the register. ${error instanceof Error ? error.message : ''}`)
    } finally {
      setExporting(false)
    }
  }

  return (
    <Panel title="Dispensing Register">
      <FilterBar onSubmit={apply} aria-label="Register dates">
        <TextField
          label="From"
          type="date"
          max={today}
          value={draft.from}
          error={problem}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label="To"
          type="date"
          max={today}
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <Button type="submit">Show</Button>
        <Button variant="secondary" disabled={exporting || Boolean(invalid)} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </FilterBar>
      {exportError ? <ErrorText role="alert">{exportError}</ErrorText> : null}
      <ListState
        load={load}
        retry={reload}
        failure="Failed to fetch the dispensing register."
        loadingLabel="Loading the register..."
        isEmpty={(data) => data.items.length === 0}
        empty="No Schedule H1 medicine was dispensed on these days."
      >
        {(data) => (
          <DataTable
            caption={`${data.total} ${data.total === 1 ? 'entry' : 'entries'}, ${state.from} to ${state.to}, oldest first`}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.id}
            pager={{
              label: 'Register pages',
              page: state.page,
              pageCount: pageCountOf(data.total, REGISTER_PAGE_SIZE),
              onPageChange: (page) => setState({ ...state, page }),
            }}
          />
        )}
      </ListState>
    </Panel>
  )
}
