import { Pager, type PagerProps, StackedTable, Table } from '@medstore/ui'
import type { HTMLAttributes, Key, ReactNode } from 'react'
import styled from 'styled-components'

export interface Column<Row> {
  /** The column's heading. */
  header: string
  /**
   * The name a phone's card shows beside the value (`data-label`); defaults to `header`. `''` lets the
   * cell span the card without a name (a picture and name, a row's buttons).
   */
  label?: string
  cell: (row: Row) => ReactNode
  /** Figures and dates stay on one line. */
  nowrap?: boolean
  /** Extra attributes of each cell (a test id, a style). */
  cellProps?: (row: Row) => HTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string>
  headerStyle?: HTMLAttributes<HTMLTableCellElement>['style']
}

export interface DataTableProps<Row> {
  caption: ReactNode
  /** The caption names the table for screen readers only. */
  hiddenCaption?: boolean
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  rowProps?: (row: Row) => Record<`data-${string}`, string>
  /** The pages under the table (nothing is shown for a single page). */
  pager?: PagerProps
}

const Nowrap = styled.span`
  white-space: nowrap;
`

/**
 * A list's table: a table on a desktop, a stack of cards on a phone (`StackedTable`), with its pager.
 * Each panel says only its columns.
 */
export function DataTable<Row>({
  caption,
  hiddenCaption = false,
  columns,
  rows,
  rowKey,
  rowProps,
  pager,
}: DataTableProps<Row>) {
  return (
    <>
      <StackedTable>
        <Table>
          <caption className={hiddenCaption ? 'visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {/* Keyed by place: a panel's columns never move, and a header is empty until its catalogue is in. */}
              {columns.map((column, place) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; their headers are not unique keys
                <th key={place} scope="col" style={column.headerStyle}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column, place) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: as the headers above
                    key={place}
                    data-label={column.label ?? column.header}
                    {...column.cellProps?.(row)}
                  >
                    {column.nowrap ? <Nowrap>{column.cell(row)}</Nowrap> : column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </StackedTable>
      {pager ? <Pager {...pager} /> : null}
    </>
  )
}
