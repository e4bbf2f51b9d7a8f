import { theme } from '@medstore/ui'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { site } from '../site.ts'
import { LanguageSwitch } from './LanguageSwitch.tsx'

const Bar = styled.div<{ $home: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
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

const End = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
`

/** The banner above the header; lighter on the home route. */
export function TopBar({ home }: { home: boolean }) {
  const t = useT()
  return (
    <Bar $home={home} data-home={home}>
      <span>{t('topBar.freeDelivery')}</span>
      <End>
        <a href={site.phoneHref}>{t('topBar.callUs', { phone: site.phone })}</a>
        <LanguageSwitch />
      </End>
    </Bar>
  )
}
