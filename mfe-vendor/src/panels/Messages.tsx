import { MESSAGES_PAGE_SIZE } from '@medstore/contracts/messaging'
import { Button, Input, Pager, pageCountOf, StackedTable, Table } from '@medstore/ui'
import { useEffect, useState } from 'react'
import { vendorApi } from '../api.ts'
import { dateTime } from '../logic/format.ts'
import { useUrlState } from '../url-state.ts'
import { useLoad } from '../use-load.ts'
import { ListState, Nowrap, Panel, Toolbar } from './common.tsx'

/** The phone filter keeps digits only (people type +91 or spaces; numbers are stored as 10 digits). */
export function phoneFilter(text: string): string {
  return text
    .trim()
    .replace(/^\+91/, '')
    .replace(/\D/g, '')
    .replace(/^91(?=\d{10}$)/, '')
}

export function Messages() {
  const [state, setState] = useUrlState({ phone: '' })
  const [draft, setDraft] = useState(state.phone)
  useEffect(() => setDraft(state.phone), [state.phone])
  const [load, reload] = useLoad(
    () => vendorApi.messages(phoneFilter(state.phone), state.page, MESSAGES_PAGE_SIZE),
    JSON.stringify([state.phone, state.page]),
  )
  return (
    <Panel title="All Messages">
      <Toolbar
        aria-label="Filter messages"
        onSubmit={(e) => {
          e.preventDefault()
          setState({ phone: draft, page: 1 })
        }}
      >
        <Input
          type="search"
          inputMode="tel"
          aria-label="Phone number"
          placeholder="Phone number"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Toolbar>
      <ListState load={load} retry={reload} isEmpty={(d) => d.items.length === 0} empty="No messages found.">
        {(data) => (
          <>
            <StackedTable>
              <Table>
                <caption className="visually-hidden">Messages from the contact box, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Phone number</th>
                    <th scope="col">Message</th>
                    <th scope="col">Message Date</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((message) => (
                    <tr key={message._id}>
                      <td data-label="Phone number">
                        <Nowrap>
                          <a href={`tel:+91${message.phoneNumber}`}>{message.phoneNumber}</a>
                        </Nowrap>
                      </td>
                      {/* min-width keeps a desktop column readable; on phones the card is wider than that anyway. */}
                      <td data-label="Message" style={{ overflowWrap: 'anywhere', minWidth: 200 }}>
                        {message.message}
                      </td>
                      <td data-label="Message Date">
                        <Nowrap>{dateTime(message.createdAt)}</Nowrap>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </StackedTable>
            <Pager
              label="Messages pages"
              page={state.page}
              pageCount={pageCountOf(data.total, MESSAGES_PAGE_SIZE)}
              onPageChange={(page) => setState({ ...state, page })}
            />
          </>
        )}
      </ListState>
    </Panel>
  )
}
