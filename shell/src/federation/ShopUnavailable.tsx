import { Button, theme } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
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
  const t = useT()
  usePageTitle(t('unavailable.shopTitle'))
  return (
    <Box role="alert">
      <h1>{t('unavailable.shopHeading')}</h1>
      <p>{t('unavailable.shopText')}</p>
      <Button onClick={retryRemotesTable}>{t('unavailable.retry')}</Button>
    </Box>
  )
}
