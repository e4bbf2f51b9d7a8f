/**
 * `@medstore/ui/standalone`: the standalone preview of a remote, i.e. its route elements rendered in a
 * router of its own at the remote's own origin. Only a remote's development build runs it (production
 * remotes run inside the shell, which renders their `./routes` in its router and layout). Not part of
 * the shared `@medstore/ui` singleton, so the shell never loads it.
 */
import { type ReactNode, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { cataloguesReady } from './i18n/catalogue.ts'

/** Renders `routes` (path → element, as a remote's `./routes` exposes them) into `#root`, if the page has one. */
export function renderStandalone(routes: Readonly<Record<string, ReactNode>>): void {
  const container = document.getElementById('root')
  if (!container) return
  const root = createRoot(container)
  // In the page's language from the first render, as in the shell (../i18n/catalogue.ts).
  void cataloguesReady().then(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Routes>
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
        </BrowserRouter>
      </StrictMode>,
    ),
  )
}
