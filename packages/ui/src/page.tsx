import styled from 'styled-components'
import { theme } from './theme.ts'

/** A screen's content column inside the shell's layout (the remotes' screens all start with it). */
export const PageSection = styled.section`
  max-width: 1120px;
  margin: 0 auto;
  padding: 32px 16px;
`

/** A screen's heading. */
export const PageTitle = styled.h1`
  margin: 0 0 8px;
  font-size: 1.75rem;
  color: ${theme.color.brandDark};
`

/** The line under a screen's heading. */
export const PageLead = styled.p`
  margin: 0 0 16px;
  color: ${theme.color.muted};
`
