import { formatDateTime, ListState, pageCountOf, useLoad } from '@medstore/ui'
import { type Column, DataTable } from '@medstore/ui/later'
import { type AccessLogEntry, vendorApi } from '../../api.ts'
import { ACCESS_LOG_PAGE_SIZE } from '../../domain/prescriptions.ts'
import { useUrlState } from '../../url-state.ts'
import { Panel } from '../common.tsx'

const columns: Column<AccessLogEntry>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.at), nowrap: true },
  { header: 'Administrator', cell: (row) => row.adminName },
  {
    header: 'Prescription',
    cell: (row) => (
      <>
        <code>{row.prescriptionId.slice(0, 8)}</code>, page {row.page}
      </>
    ),
  },
  { header: 'Customer', cell: (row) => <code>{row.customerId.slice(0, 8)}</code> },
]

/** Who looked at which prescription file and when (private health data: every view is written down). */
export function AccessLog() {
  const [state, setState] = useUrlState({})
  const [load, reload] = useLoad(
    () => vendorApi.accessLog(state.page, ACCESS_LOG_PAGE_SIZE),
    String(state.page),
  )
  return (
    <Panel title="Prescription Access Log">
      <ListState
        load={load}
        retry={reload}
        failure="Failed to fetch the access log."
        loadingLabel="Loading the access log..."
        isEmpty={(data) => data.items.length === 0}
        empty="No prescription has been viewed by an administrator yet."
      >
        {(data) => (
          <DataTable
            caption={`${data.total} ${data.total === 1 ? 'view' : 'views'} of prescription files, newest first`}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.id}
            pager={{
              label: 'Access log pages',
              page: state.page,
              pageCount: pageCountOf(data.total, ACCESS_LOG_PAGE_SIZE),
              onPageChange: (page) => setState({ page }),
            }}
          />
        )}
      </ListState>
    </Panel>
  )
}
