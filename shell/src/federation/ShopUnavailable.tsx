import { Button, theme } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import styled from 'styled-components'
import { retryRemotesTable } from './remotesTable.ts'

const Box = styled.div`
  max-width: 560px;
  margin: 15vh auto;
  padding: 32px 24px;
  border: 1px solid ${theme.color.warningBorder};
  border-radius: 12px;
  background: ${theme.color.warningLight};
  text-align: center;
`

/** `/remotes.json` could not be read, so the shop does not know where its parts are: say so, offer Retry. */
export function ShopUnavailable() {
  usePageTitle('Medicine Store is unavailable')
  return (
    <Box role="alert">
      <h1>Medicine Store is unavailable right now</h1>
      <p>We could not reach the shop's parts. Please check your connection and try again in a moment.</p>
      <Button onClick={retryRemotesTable}>Retry</Button>
    </Box>
  )
}
