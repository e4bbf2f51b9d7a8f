import { GlobalStyle } from '@medstore/ui'
import { lazy, type ReactNode, Suspense, useLayoutEffect } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { Loading } from './federation/Loading.tsx'
import { remoteRouteElements } from './federation/remoteRouteElements.tsx'
import { peekRemotesTable, remotesTableFailed } from './federation/remotesTable.ts'
import { ShopUnavailable } from './federation/ShopUnavailable.tsx'
import { useRemotesChanges } from './federation/useRemotes.ts'
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CONTENT_ATTRIBUTE } from './firstPaint/marker.ts'
import { StoreLayout } from './layout/StoreLayout.tsx'
import { Notifications } from './Notifications.tsx'
import { ErrorBoundary } from './pages/ErrorBoundary.tsx'
import { ErrorPage } from './pages/ErrorPage.tsx'
import { lazyPage } from './pages/lazyPage.ts'
import { NotFound } from './pages/NotFound.tsx'
import { policyPaths } from './pages/policies/paths.ts'
import { RouterBridge } from './RouterBridge.tsx'

// Not needed for the first render of most pages: loaded when opened (the forms bring zod with them).
const Login = lazyPage(
  () => import('./pages/auth/Login.tsx'),
  (m) => m.Login,
)
const Registration = lazyPage(
  () => import('./pages/auth/Registration.tsx'),
  (m) => m.Registration,
)
const ForgotPassword = lazyPage(
  () => import('./pages/auth/ForgotPassword.tsx'),
  (m) => m.ForgotPassword,
)
const ResetPassword = lazyPage(
  () => import('./pages/auth/ResetPassword.tsx'),
  (m) => m.ResetPassword,
)
const Account = lazyPage(
  () => import('./pages/account/Account.tsx'),
  (m) => m.Account,
)
const PolicyPage = lazyPage(
  () => import('./pages/policies/PolicyPage.tsx'),
  (m) => m.PolicyPage,
)
// Only the administrator ever sees the back-office frame: shoppers' first render does not carry it.
const BackOfficeLayout = lazy(() =>
  import('./layout/BackOfficeLayout.tsx').then((m) => ({ default: m.BackOfficeLayout })),
)

const later = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>

/**
 * The routes: the shell's own pages, and for each remote in `/remotes.json` its prefixes and (once its
 * `./routes` module is in) its routes, in the frame the table names. The shell's build knows no remote
 * path, so a remote adds a page by redeploying itself.
 */
function ShopRoutes() {
  useRemotesChanges()
  const table = peekRemotesTable()
  if (!table) return remotesTableFailed() ? <ShopUnavailable /> : <Loading />
  return (
    <Routes>
      <Route element={<StoreLayout />}>
        {remoteRouteElements(table, 'store')}
        <Route path="/login" element={later(<Login />)} />
        <Route path="/registration" element={later(<Registration />)} />
        <Route path="/forgot-password" element={later(<ForgotPassword />)} />
        <Route path="/reset-password" element={later(<ResetPassword />)} />
        <Route path="/account" element={later(<Account />)} />
        {policyPaths.map((path) => (
          <Route key={path} path={path} element={later(<PolicyPage />)} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route element={later(<BackOfficeLayout />)}>{remoteRouteElements(table, 'back-office')}</Route>
    </Routes>
  )
}

/** The one router; remotes render inside it and never bring their own. */
export function App() {
  // React's first commit has replaced index.html's first paint: say so (tests wait for it).
  useLayoutEffect(() => {
    const root = document.getElementById('root')
    root?.removeAttribute(FIRST_PAINT_ATTRIBUTE)
    root?.removeAttribute(FIRST_PAINT_CONTENT_ATTRIBUTE)
  }, [])
  return (
    <ErrorBoundary fallback={() => <ErrorPage fullPage />}>
      <GlobalStyle />
      <BrowserRouter>
        <RouterBridge />
        <ShopRoutes />
        <Notifications />
      </BrowserRouter>
    </ErrorBoundary>
  )
}
