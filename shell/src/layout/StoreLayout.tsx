import { Outlet, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { CartPanelHost } from '../cart/CartPanelHost.tsx'
import { CartSyncHost } from '../cart/CartSyncHost.tsx'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'
import { ErrorPage } from '../pages/ErrorPage.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { TopBar } from './TopBar.tsx'

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`

const Main = styled.main`
  flex: 1;
`

/** Storefront frame: top bar, header, the route's content, footer, cart panel. A crash stays inside <main>. */
export function StoreLayout() {
  const { pathname } = useLocation()
  return (
    <Page>
      <TopBar home={pathname === '/'} />
      <Header />
      <Main>
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
