import { Button, Input, Pager, pageCountOf, StackedTable, Table } from '@medstore/ui'
import { useEffect, useState } from 'react'
import { vendorApi } from '../api.ts'
import { shortDate } from '../logic/format.ts'
import { useUrlState } from '../url-state.ts'
import { useLoad } from '../use-load.ts'
import { ListState, Nowrap, Panel, Toolbar } from './common.tsx'

/** Customers and messages per page (spec section 9). */
export const CUSTOMERS_PAGE_SIZE = 15

export function Customers() {
  const [state, setState] = useUrlState({ name: '' })
  const [draft, setDraft] = useState(state.name)
  useEffect(() => setDraft(state.name), [state.name])
  const [load, reload] = useLoad(
    () => vendorApi.customers(state.name.trim(), state.page, CUSTOMERS_PAGE_SIZE),
    JSON.stringify([state.name, state.page]),
  )
  return (
    <Panel title="All Customers">
      <Toolbar
        aria-label="Filter customers"
        onSubmit={(e) => {
          e.preventDefault()
          setState({ name: draft, page: 1 })
        }}
      >
        <Input
          type="search"
          aria-label="User Name"
          placeholder="User Name"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Toolbar>
      <ListState load={load} retry={reload} isEmpty={(d) => d.items.length === 0} empty="No customers found.">
        {(data) => (
          <>
            <StackedTable>
              <Table>
                <caption className="visually-hidden">Customers</caption>
                <thead>
                  <tr>
                    <th scope="col">User Info</th>
                    <th scope="col">Email</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Register Date</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((user) => (
                    <tr key={user._id}>
                      <td data-label="User Info">
                        {/* One block, so the name and handle stack inside the card row (a long name wraps). */}
                        <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                          <strong>
                            {user.firstName} {user.lastName}
                          </strong>
                          <br />
                          <small>@{user.userName}</small>
                        </span>
                      </td>
                      <td data-label="Email" style={{ overflowWrap: 'anywhere' }}>
                        {user.email}
                      </td>
                      <td data-label="Phone">
                        <Nowrap>{user.phone || '—'}</Nowrap>
                      </td>
                      <td data-label="Register Date">
                        <Nowrap>{shortDate(user.createdAt)}</Nowrap>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </StackedTable>
            <Pager
              label="Customers pages"
              page={state.page}
              pageCount={pageCountOf(data.total, CUSTOMERS_PAGE_SIZE)}
              onPageChange={(page) => setState({ ...state, page })}
            />
          </>
        )}
      </ListState>
    </Panel>
  )
}
