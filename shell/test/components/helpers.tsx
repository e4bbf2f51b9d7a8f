import { signOut, useNotificationStore } from '@medstore/web-client'
import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { Notifications } from '../../src/Notifications.tsx'

/** Shows the router's current location, so a test can see where a screen navigated to. */
function LocationProbe() {
  const { pathname, search } = useLocation()
  return <div data-testid="location">{`${pathname}${search}`}</div>
}

/** Renders routes in a memory router at `url`, with the page's toasts. */
export function renderAt(url: string, routes: Record<string, ReactNode>) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
      <LocationProbe />
      <Notifications />
    </MemoryRouter>,
  )
}

/** A fresh page: nobody signed in, no toasts, nothing stored. */
export function resetPage(): void {
  cleanup()
  signOut()
  useNotificationStore.setState({ toasts: [] })
  localStorage.clear()
}

export const customer = {
  token: 'customer-token',
  userInfo: { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false },
}

export const admin = {
  token: 'admin-token',
  userInfo: {
    id: 'a1',
    name: 'Pharmacist Admin',
    email: 'admin@example.in',
    userName: 'pharma',
    isAdmin: true,
  },
}
