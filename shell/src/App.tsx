import { GlobalStyle } from '@medstore/ui'
import { lazy, type ReactNode, Suspense } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom'
import { Loading } from './federation/Loading.tsx'
import { RemoteRoute } from './federation/RemoteRoute.tsx'
import { type RemoteRouteEntry, remoteRoutes } from './federation/remoteTable.ts'
import { BackOfficeLayout } from './layout/BackOfficeLayout.tsx'
import { StoreLayout } from './layout/StoreLayout.tsx'
import { Notifications } from './Notifications.tsx'
import { ErrorBoundary } from './pages/ErrorBoundary.tsx'
import { ErrorPage } from './pages/ErrorPage.tsx'
import { NotFound } from './pages/NotFound.tsx'
import { policyPaths } from './pages/policies/paths.ts'
import { RouterBridge } from './RouterBridge.tsx'

// Not needed for the first render of most pages: loaded when opened (the forms bring zod with them).
const Login = lazy(() => import('./pages/auth/Login.tsx').then((m) => ({ default: m.Login })))
const Registration = lazy(() =>
  import('./pages/auth/Registration.tsx').then((m) => ({ default: m.Registration })),
)
const PolicyPage = lazy(() =>
  import('./pages/policies/PolicyPage.tsx').then((m) => ({ default: m.PolicyPage })),
)

const later = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>

/** The `<Route>`s of the remotes' screens shown in one page frame (storefront or back-office). */
const remoteRoutesIn = (chrome: RemoteRouteEntry['chrome']) =>
  remoteRoutes
    .filter((route) => route.chrome === chrome)
    .map(({ remote, path }) => (
      <Route key={path} path={path} element={<RemoteRoute key={path} remote={remote} path={path} />} />
    ))

/**
 * The one router. Remote routes come from a static table (paths from each remote's contract), so the
 * page frame renders at once and a remote that is down only affects its own area.
 */
export function App() {
  return (
    <ErrorBoundary fallback={() => <ErrorPage fullPage />}>
      <GlobalStyle />
      <BrowserRouter>
        <RouterBridge />
        <Routes>
          <Route element={<StoreLayout />}>
            {remoteRoutesIn('store')}
            <Route path="/login" element={later(<Login />)} />
            <Route path="/registration" element={later(<Registration />)} />
            {policyPaths.map((path) => (
              <Route key={path} path={path} element={later(<PolicyPage />)} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route element={<BackOfficeLayout />}>
            <Route path="/vendor" element={<Navigate to="/vendor/dashboard" replace />} />
            {remoteRoutesIn('back-office')}
            <Route path="/vendor/*" element={<NotFound backOffice />} />
          </Route>
        </Routes>
        <Notifications />
      </BrowserRouter>
    </ErrorBoundary>
  )
}
