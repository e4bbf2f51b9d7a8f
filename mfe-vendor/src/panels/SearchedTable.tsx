import { ListState, SearchFilter, type SearchFilterProps } from '@medstore/ui'
import { type Column, DataTable } from '@medstore/ui/later'
import type { ReactNode } from 'react'
import type { useSearchedPages } from '../use-searched-pages.ts'

type SearchedPages<T> = ReturnType<typeof useSearchedPages<T>>

/**
 * A back-office list filtered by one text (customers, messages, products, suppliers): the filter form
 * (with the panel's own actions after Filter), its loading, error and empty states, the table and the
 * pager.
 */
export function SearchedTable<T extends { _id: string }>({
  list,
  filter,
  actions,
  empty,
  failure,
  caption,
  columns,
}: {
  list: SearchedPages<T>
  filter: Pick<SearchFilterProps, 'name' | 'label' | 'type' | 'inputMode'>
  actions?: ReactNode
  empty: ReactNode
  /** The spec's sentence for a failed load, e.g. 'Failed to get users' (the reason follows it). */
  failure: string
  /** Names the table for screen readers. */
  caption: string
  columns: readonly Column<T>[]
}) {
  return (
    <>
      <SearchFilter {...filter} value={list.text} onSearch={list.search}>
        {actions}
      </SearchFilter>
      <ListState
        load={list.load}
        retry={list.reload}
        isEmpty={(data) => data.items.length === 0}
        empty={empty}
        failure={failure}
      >
        {(data) => (
          <DataTable
            caption={caption}
            hiddenCaption
            columns={columns}
            rows={data.items}
            rowKey={(row) => row._id}
            pager={list.pager(data.total)}
          />
        )}
      </ListState>
    </>
  )
}
