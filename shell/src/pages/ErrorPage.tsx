import { usePageTitle } from '@medstore/web-client'
import styled from 'styled-components'
import { useT } from '../i18n.ts'

const Box = styled.div<{ $fullPage: boolean }>`
  max-width: 560px;
  margin: ${(p) => (p.$fullPage ? '15vh auto' : '48px auto')};
  padding: 32px 24px;
  text-align: center;
`

/**
 * Generic crash page. The link is a plain <a>: after a crash a full reload of the home page is the
 * safest way back, and it also works when the router itself is what failed.
 */
export function ErrorPage({ fullPage = false }: { fullPage?: boolean }) {
  const t = useT()
  usePageTitle(t('error.pageTitle'))
  return (
    <Box role="alert" $fullPage={fullPage}>
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <p>
        <a href="/">{t('error.home')}</a>
      </p>
    </Box>
  )
}
