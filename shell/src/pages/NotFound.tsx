import { Link } from 'react-router-dom'
import styled from 'styled-components'

const Box = styled.div`
  max-width: 560px;
  margin: 48px auto;
  padding: 32px 24px;
  text-align: center;
`

export function NotFound() {
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
