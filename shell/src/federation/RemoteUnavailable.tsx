import type { RemoteName } from '@medstore/remote-contracts'
import { Button, theme } from '@medstore/ui'
import styled from 'styled-components'
import { useT } from '../i18n.ts'

const Box = styled.div<{ $compact: boolean }>`
  max-width: 560px;
  margin: ${(p) => (p.$compact ? '16px' : '48px auto')};
  padding: ${(p) => (p.$compact ? '20px 16px' : '32px 24px')};
  border: 1px solid ${theme.color.warningBorder};
  border-radius: 12px;
  background: ${theme.color.warningLight};
  text-align: center;

  h2 {
    font-size: ${(p) => (p.$compact ? '1.1rem' : '1.5rem')};
  }
`

interface Props {
  remote: RemoteName
  onRetry: () => void
  compact?: boolean
}

export function RemoteUnavailable({ remote, onRetry, compact = false }: Props) {
  const t = useT()
  return (
    <Box role="alert" data-unavailable-remote={remote} $compact={compact}>
      <h2>{t('unavailable.heading')}</h2>
      <p>{t('unavailable.text', { part: remote })}</p>
      <Button onClick={onRetry}>{t('unavailable.retry')}</Button>
    </Box>
  )
}
