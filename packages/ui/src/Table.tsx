import styled from 'styled-components'
import { theme } from './theme.ts'

/** Scrolls sideways on narrow screens instead of squeezing the columns. */
export const TableWrap = styled.div`
  overflow-x: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
`

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;

  caption {
    padding: 12px;
    text-align: left;
    font-weight: 700;
  }

  th,
  td {
    padding: 10px 12px;
    border-bottom: 1px solid ${theme.color.border};
    text-align: left;
    vertical-align: middle;
  }

  th {
    background: ${theme.color.brandLighter};
    color: ${theme.color.brandDark};
    font-weight: 600;
    white-space: nowrap;
  }

  tbody tr:last-child td {
    border-bottom: 0;
  }
`

/**
 * A table that becomes a stack of cards on a phone: each cell shows its column's name (`data-label`)
 * beside its value, so nothing scrolls sideways at 360 px. A cell with `data-label=""` spans the card
 * without a name (a product's picture and name, a row's buttons).
 */
export const StackedTable = styled.div`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  overflow-x: auto;

  @media (max-width: 720px) {
    border: 0;
    background: none;

    table,
    tbody,
    tr,
    td {
      display: block;
      width: 100%;
    }
    thead {
      display: none;
    }
    tr {
      margin-bottom: 12px;
      padding: 8px 12px;
      border: 1px solid ${theme.color.border};
      border-radius: 12px;
      background: ${theme.color.surface};
    }
    td {
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 12px;
      padding: 6px 0;
      border: 0;
      text-align: right;
    }
    td::before {
      content: attr(data-label);
      flex: none;
      color: ${theme.color.muted};
      font-size: 0.85rem;
      font-weight: 600;
      text-align: left;
    }
    td[data-label=''] {
      justify-content: flex-start;
      text-align: left;
    }
    td[data-label='']::before {
      content: none;
    }
    caption {
      display: block;
      padding: 0 0 8px;
    }
  }
`
