import { theme } from '@medstore/ui'
import styled from 'styled-components'
import { site } from '../site.ts'

const Bar = styled.div<{ $home: boolean }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 16px;
  padding: 6px 24px;
  background: ${(p) => (p.$home ? theme.color.brandLight : '#bbf7d0')};
  color: ${theme.color.brandDark};
  font-size: 0.875rem;

  a {
    color: inherit;
    text-decoration: none;
  }
`

/** The banner above the header; lighter on the home route. */
export function TopBar({ home }: { home: boolean }) {
  return (
    <Bar $home={home} data-home={home}>
      <span>{site.freeDelivery}</span>
      <a href={site.phoneHref}>Call us: {site.phone}</a>
    </Bar>
  )
}
