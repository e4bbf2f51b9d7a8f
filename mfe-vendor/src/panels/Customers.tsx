import { formatDate } from '@medstore/ui'
import type { Column } from '@medstore/ui/later'
import { type UserSummary, vendorApi } from '../api.ts'
import { useSearchedPages } from '../use-searched-pages.ts'
import { Panel } from './common.tsx'
import { SearchedTable } from './SearchedTable.tsx'

/** Customers and messages per page (spec section 9). */
export const CUSTOMERS_PAGE_SIZE = 15

const columns: Column<UserSummary>[] = [
  {
    header: 'User Info',
    cell: (user) => (
      // One block, so the name and handle stack inside the card row (a long name wraps).
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <strong>
          {user.firstName} {user.lastName}
        </strong>
        <br />
        <small>@{user.userName}</small>
      </span>
    ),
  },
  { header: 'Email', cell: (user) => user.email, cellProps: () => ({ style: { overflowWrap: 'anywhere' } }) },
  { header: 'Phone', cell: (user) => user.phone || '—', nowrap: true },
  { header: 'Register Date', cell: (user) => formatDate(user.createdAt), nowrap: true },
]

export function Customers() {
  const list = useSearchedPages(
    'name',
    (name, page, limit) => vendorApi.customers(name.trim(), page, limit),
    CUSTOMERS_PAGE_SIZE,
    'Customers pages',
  )
  return (
    <Panel title="All Customers">
      <SearchedTable
        list={list}
        filter={{ name: 'Filter customers', label: 'User Name' }}
        empty="No customers found."
        failure="Failed to get users"
        caption="Customers"
        columns={columns}
      />
    </Panel>
  )
}
