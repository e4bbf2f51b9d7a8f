import { MESSAGES_PAGE_SIZE } from '@medstore/contracts/messaging'
import { formatDateTime } from '@medstore/ui'
import type { Column } from '@medstore/ui/later'
import { type ContactMessage, vendorApi } from '../api.ts'
import { useSearchedPages } from '../use-searched-pages.ts'
import { Panel } from './common.tsx'
import { SearchedTable } from './SearchedTable.tsx'

/** The phone filter keeps digits only (people type +91 or spaces; numbers are stored as 10 digits). */
export function phoneFilter(text: string): string {
  return text
    .trim()
    .replace(/^\+91/, '')
    .replace(/\D/g, '')
    .replace(/^91(?=\d{10}$)/, '')
}

const columns: Column<ContactMessage>[] = [
  {
    header: 'Phone number',
    cell: (message) => <a href={`tel:+91${message.phoneNumber}`}>{message.phoneNumber}</a>,
    nowrap: true,
  },
  {
    header: 'Message',
    cell: (message) => message.message,
    // min-width keeps a desktop column readable; on phones the card is wider than that anyway.
    cellProps: () => ({ style: { overflowWrap: 'anywhere', minWidth: 200 } }),
  },
  { header: 'Message Date', cell: (message) => formatDateTime(message.createdAt), nowrap: true },
]

export function Messages() {
  const list = useSearchedPages(
    'phone',
    (phone, page, limit) => vendorApi.messages(phoneFilter(phone), page, limit),
    MESSAGES_PAGE_SIZE,
    'Messages pages',
  )
  return (
    <Panel title="All Messages">
      <SearchedTable
        list={list}
        filter={{ name: 'Filter messages', label: 'Phone number', inputMode: 'tel' }}
        empty="No messages found."
        failure="Failed to get messages."
        caption="Messages from the contact box, newest first"
        columns={columns}
      />
    </Panel>
  )
}
