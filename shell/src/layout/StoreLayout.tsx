import { theme } from '@medstore/ui'
import { Outlet, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { CartPanelHost } from '../cart/CartPanelHost.tsx'
import { CartSyncHost } from '../cart/CartSyncHost.tsx'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'
import { ErrorPage } from '../pages/ErrorPage.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { MAIN_ID, SkipLink } from './SkipLink.tsx'

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`

// At least a screen tall: while a remote's page is still loading, <main> is empty and a footer right
// under the header would be pushed down when the page arrives (Lighthouse measured CLS 0.45–0.87, all
// of it the footer). Below the fold from the start, it does not move in view.
const Main = styled.main`
  flex: 1;
  min-width: 0;
  min-height: 100vh;

  &:focus {
    outline: none;
  }

  &:focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: -3px;
  }
`

/**
 * Storefront frame: skip link, banner (top bar and header), the route's content, footer, cart panel.
 * A crash stays inside <main>.
 */
export function StoreLayout() {
  const { pathname } = useLocation()
  return (
    <Page>
      <SkipLink />
      <Header />
      <Main id={MAIN_ID} tabIndex={-1}>
        <ErrorBoundary resetKey={pathname} fallback={() => <ErrorPage />}>
          <Outlet />
        </ErrorBoundary>
      </Main>
      <Footer />
      <CartPanelHost />
      <CartSyncHost />
    </Page>
  )
}
