import { Outlet, useLocation } from 'react-router-dom'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'
import { ErrorPage } from '../pages/ErrorPage.tsx'

/** The back-office draws its own sidebar and top header (mfe-vendor); no storefront chrome here. */
export function BackOfficeLayout() {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => <ErrorPage />}>
      <Outlet />
    </ErrorBoundary>
  )
}
