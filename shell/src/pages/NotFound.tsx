import { usePageTitle } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

const Box = styled.div`
  max-width: 560px;
  margin: 48px auto;
  padding: 32px 24px;
  text-align: center;
`

/** The friendly page for a path no part of the shop owns (the shell's server answers it with 404). */
export function NotFound() {
  usePageTitle('Page not found')
  return (
    <Box>
      <h1>Page not found</h1>
      <p>Sorry, we could not find the page you were looking for.</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </Box>
  )
}
