import styled from 'styled-components'
import { useT } from './messages.ts'
import { statusColour } from './status.ts'

const Badge = styled.span<{ $bg: string; $fg: string }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${(p) => p.$bg};
  color: ${(p) => p.$fg};
  font-size: 0.85rem;
  font-weight: 600;
  text-transform: capitalize;
  white-space: nowrap;
`

/** An order or item status in its colour (the text says it too, so colour is never the only cue). */
export function StatusBadge({ status }: { status: string }) {
  const t = useT()
  const colour = statusColour(status)
  return (
    <Badge $bg={colour.background} $fg={colour.text} data-status={status}>
      {t('status', { status })}
    </Badge>
  )
}
