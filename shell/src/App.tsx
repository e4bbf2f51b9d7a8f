import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { RemoteRoute } from './federation/RemoteRoute.tsx'
import { remoteRoutes } from './federation/remoteTable.ts'
import { BackOfficeLayout } from './layout/BackOfficeLayout.tsx'
import { GlobalStyle } from './layout/GlobalStyle.ts'
import { StoreLayout } from './layout/StoreLayout.tsx'
import { ErrorBoundary } from './pages/ErrorBoundary.tsx'
import { ErrorPage } from './pages/ErrorPage.tsx'
import { NotFound } from './pages/NotFound.tsx'

/**
 * The one router. Remote routes come from a static table (paths from each remote's contract), so the
 * page frame renders at once and a remote that is down only affects its own area.
 */
export function App() {
  return (
    <ErrorBoundary fallback={() => <ErrorPage fullPage />}>
      <GlobalStyle />
      <BrowserRouter>
        <Routes>
          <Route element={<StoreLayout />}>
            {remoteRoutes
              .filter((route) => route.chrome === 'store')
              .map(({ remote, path }) => (
                <Route key={path} path={path} element={<RemoteRoute remote={remote} path={path} />} />
              ))}
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route element={<BackOfficeLayout />}>
            {remoteRoutes
              .filter((route) => route.chrome === 'back-office')
              .map(({ remote, path }) => (
                <Route key={path} path={path} element={<RemoteRoute remote={remote} path={path} />} />
              ))}
          </Route>
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
  )
}
