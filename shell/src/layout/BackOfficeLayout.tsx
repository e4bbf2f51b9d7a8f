import { loginPath, useUser } from '@medstore/web-client'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { ErrorBoundary } from '../pages/ErrorBoundary.tsx'
import { ErrorPage } from '../pages/ErrorPage.tsx'

/**
 * The back-office draws its own sidebar and top header (mfe-vendor); no storefront chrome here. Only
 * administrators get in (spec: a missing profile or a falsy isAdmin goes to /; a guest is offered the
 * sign-in page first). This is a convenience: the API refuses non-administrators with 403 regardless.
 */
export function BackOfficeLayout() {
  const { pathname, search } = useLocation()
  const user = useUser()
  if (!user) return <Navigate to={loginPath(`${pathname}${search}`)} replace />
  if (!user.isAdmin) return <Navigate to="/" replace />
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => <ErrorPage />}>
      <Outlet />
    </ErrorBoundary>
  )
}
