import styled from 'styled-components'

const Box = styled.div`
  min-height: 40vh;
  display: grid;
  place-items: center;
  color: #64748b;
`

export function Loading() {
  return (
    <Box role="status" aria-busy="true">
      Loading…
    </Box>
  )
}
