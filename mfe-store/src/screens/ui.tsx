import styled from 'styled-components'

// The kit's: the shell paints the home hero in it before this remote's code is in.
export { StorePageSection as Section } from '@medstore/ui'

export const Title = styled.h1`
  margin: 0 0 8px;
  font-size: 1.75rem;
  color: #14532d;
`

export const Lead = styled.p`
  margin: 0 0 16px;
  color: #475569;
`
