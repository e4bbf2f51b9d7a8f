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
