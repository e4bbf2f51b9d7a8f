import type { OrderStatus } from '@medstore/contracts/order'
import { theme } from '@medstore/ui'
import styled from 'styled-components'

export const Section = styled.section`
  max-width: 1120px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`

export const Title = styled.h1`
  margin: 0 0 16px;
  font-size: 1.6rem;
  color: ${theme.color.brandDark};
`

export const Lead = styled.p`
  margin: 0 0 16px;
  color: ${theme.color.muted};
`

export const Card = styled.div`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  padding: 16px;
  margin-bottom: 16px;

  h2 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
`

export const Thumb = styled.img`
  width: 56px;
  height: 56px;
  flex: none;
  object-fit: contain;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: #fff;
`

export const Alert = styled.div`
  padding: 12px 16px;
  margin-bottom: 16px;
  border: 1px solid #fecaca;
  border-radius: ${theme.radius};
  background: ${theme.color.dangerLight};
  color: ${theme.color.danger};

  p {
    margin: 4px 0;
  }
`

export const Note = styled.p`
  margin: 4px 0;
  color: ${theme.color.brand};
  font-size: 0.9rem;
  font-weight: 600;
`

const statusColour: Record<OrderStatus, { bg: string; fg: string }> = {
  pending: { bg: '#fef3c7', fg: '#92400e' },
  processing: { bg: '#dbeafe', fg: '#1e40af' },
  shipped: { bg: '#e0e7ff', fg: '#3730a3' },
  delivered: { bg: '#dcfce7', fg: '#166534' },
  cancelled: { bg: '#fee2e2', fg: '#991b1b' },
}

const Badge = styled.span<{ $bg: string; $fg: string }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${(p) => p.$bg};
  color: ${(p) => p.$fg};
  font-size: 0.8rem;
  font-weight: 600;
  text-transform: capitalize;
  white-space: nowrap;
`

/** An order or item status in its colour (the text says it too, so colour is never the only cue). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const colour = statusColour[status]
  return (
    <Badge $bg={colour.bg} $fg={colour.fg} data-status={status}>
      {status}
    </Badge>
  )
}

/**
 * A table that becomes a stack of cards on a phone: each cell shows its column's name (`data-label`)
 * beside its value, so nothing scrolls sideways at 360 px.
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
