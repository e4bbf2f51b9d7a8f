import { links, usePageTitle } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

const Box = styled.div`
  max-width: 560px;
  margin: 48px auto;
  padding: 32px 24px;
  text-align: center;
`

/**
 * The friendly page for a path no part of the shop owns (the shell's server answers it with 404). In
 * the back-office it offers the dashboard instead of the storefront's home.
 */
export function NotFound({ backOffice = false }: { backOffice?: boolean }) {
  usePageTitle('Page not found')
  return (
    <Box>
      <h1>Page not found</h1>
      <p>
        {backOffice
          ? 'There is no such back-office page. Choose a panel in the menu, or:'
          : 'Sorry, we could not find the page you were looking for.'}
      </p>
      <p>
        {backOffice ? (
          <Link to={links.dashboard()}>Back to the dashboard</Link>
        ) : (
          <Link to="/">Back to the home page</Link>
        )}
      </p>
    </Box>
  )
}
