import { usePageTitle } from '@medstore/web-client'
import styled from 'styled-components'

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
  usePageTitle('Something went wrong')
  return (
    <Box role="alert" $fullPage={fullPage}>
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </Box>
  )
}
