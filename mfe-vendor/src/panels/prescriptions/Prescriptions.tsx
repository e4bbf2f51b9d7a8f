import { Button, ListState, pageCountOf, theme, useLoad } from '@medstore/ui'
import { type Column, DataTable } from '@medstore/ui/later'
import styled from 'styled-components'
import { type OrderVerification, vendorApi } from '../../api.ts'
import { isOverdue, lineText, QUEUE_PAGE_SIZE, waitingText } from '../../domain/prescriptions.ts'
import { useUrlState } from '../../url-state.ts'
import { Panel } from '../common.tsx'
import { Review } from './Review.tsx'

const Waiting = styled.span<{ $overdue: boolean }>`
  font-weight: 600;
  color: ${(p) => (p.$overdue ? theme.color.danger : theme.color.text)};
`

const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`

const QUEUE_STATE = { order: '' }

/**
 * Prescriptions: the orders waiting for a pharmacist to check their prescription, oldest first, with how
 * long each has waited; Review opens one (`?order=`) beside its file, to approve or reject.
 */
export function Prescriptions() {
  const [state, setState] = useUrlState(QUEUE_STATE)
  const [load, reload] = useLoad(
    () => vendorApi.prescriptionQueue(state.page, QUEUE_PAGE_SIZE),
    `${state.page} ${state.order}`,
  )

  if (state.order)
    return (
      <Panel title="Prescriptions">
        <Review orderId={state.order} onDone={() => setState({ order: '', page: state.page })} />
      </Panel>
    )

  const columns: Column<OrderVerification>[] = [
    { header: 'Order', cell: (row) => <strong>{row.orderNumber}</strong>, nowrap: true },
    { header: 'Customer', cell: (row) => row.customerName },
    {
      header: 'Prescription medicines',
      label: 'Medicines',
      cell: (row) => (
        <Lines>
          {row.lines.map((line) => (
            <li key={line.itemId}>{lineText(line)}</li>
          ))}
        </Lines>
      ),
    },
    {
      header: 'Waiting',
      cell: (row) => (
        <Waiting $overdue={isOverdue(row.waitingMinutes)}>{waitingText(row.waitingMinutes)}</Waiting>
      ),
      nowrap: true,
    },
    {
      header: 'Action',
      label: '',
      cell: (row) => (
        <Button
          aria-label={`Review order ${row.orderNumber}`}
          onClick={() => setState({ order: row.orderId, page: state.page })}
        >
          Review
        </Button>
      ),
    },
  ]

  return (
    <Panel title="Prescriptions">
      <ListState
        load={load}
        retry={reload}
        failure="Failed to fetch the orders awaiting verification."
        loadingLabel="Loading the queue..."
        isEmpty={(data) => data.items.length === 0}
        empty="No orders are waiting for a prescription check."
      >
        {(data) => (
          <DataTable
            caption={`${data.total} ${data.total === 1 ? 'order' : 'orders'} awaiting verification, oldest first`}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.orderId}
            rowProps={(row) => ({ 'data-order': row.orderNumber })}
            pager={{
              label: 'Queue pages',
              page: state.page,
              pageCount: pageCountOf(data.total, QUEUE_PAGE_SIZE),
              onPageChange: (page) => setState({ ...state, page }),
            }}
          />
        )}
      </ListState>
    </Panel>
  )
}
