import styled from 'styled-components'

export const Section = styled.section`
  max-width: 1120px;
  margin: 0 auto;
  padding: 32px 16px;
`

export const Title = styled.h1`
  margin: 0 0 8px;
  font-size: 1.75rem;
  color: #14532d;
`

export const Lead = styled.p`
  margin: 0 0 16px;
  color: #475569;
`
