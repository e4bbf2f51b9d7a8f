import styled from 'styled-components'

const Bar = styled.div<{ $home: boolean }>`
  padding: 6px 16px;
  background: ${(p) => (p.$home ? '#dcfce7' : '#bbf7d0')};
  color: #14532d;
  font-size: 0.875rem;
  text-align: center;
`

/** The banner above the header; lighter on the home route. */
export function TopBar({ home }: { home: boolean }) {
  return <Bar $home={home}>Free delivery for every order !</Bar>
}
