import { links, usePageTitle } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { useT } from '../i18n.ts'

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
  const t = useT()
  usePageTitle(t('notFound.title'))
  return (
    <Box>
      <h1>{t('notFound.title')}</h1>
      <p>
        {backOffice
          ? 'There is no such back-office page. Choose a panel in the menu, or:'
          : t('notFound.text')}
      </p>
      <p>
        {backOffice ? (
          <Link to={links.dashboard()}>Back to the dashboard</Link>
        ) : (
          <Link to="/">{t('notFound.home')}</Link>
        )}
      </p>
    </Box>
  )
}
