import type { RemoteName } from '@medstore/mf-config/contract'
import styled from 'styled-components'
import { Button } from '../layout/ui.tsx'
import { remoteLabels } from './remoteTable.ts'

const Box = styled.div`
  max-width: 560px;
  margin: 48px auto;
  padding: 32px 24px;
  border: 1px solid #fde68a;
  border-radius: 12px;
  background: #fffbeb;
  text-align: center;
`

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <Box role="alert" data-unavailable-remote={remote}>
      <h2>This part of the shop is unavailable right now</h2>
      <p>
        We could not load the {remoteLabels[remote]}. The rest of Medicine Store still works; please try again
        in a moment.
      </p>
      <Button type="button" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  )
}
