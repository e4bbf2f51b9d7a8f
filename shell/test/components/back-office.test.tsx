// @vitest-environment happy-dom
import { signIn, useProfileStore } from '@medstore/web-client'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMINS_ONLY, BackOfficeFrame } from '../../src/layout/BackOfficeLayout.tsx'
import { frameTitle, inMenuOrder } from '../../src/layout/frameNavigation.ts'
import { Notifications } from '../../src/Notifications.tsx'
import { NotFound } from '../../src/pages/NotFound.tsx'
import { admin, customer, resetPage } from './helpers.tsx'

beforeEach(resetPage)

function Where() {
  const { pathname } = useLocation()
  return <div data-testid="location">{pathname}</div>
}

/** Stand-ins for what mfe-vendor publishes (its `navigation`), listed out of order. */
const navigation = [
  { path: '/vendor/allOrders', label: 'All Orders', order: 20 },
  { path: '/vendor/dashboard', label: 'Dashboard', order: 10 },
  { path: '/vendor/customers', label: 'Customers', order: 50 },
]

// The back-office frame as App.tsx draws it around mfe-vendor's routes (stand-ins for its elements: the
// /vendor redirect and the panel) and its /vendor/* prefix (the not-found page).
const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/login" element={<h1>Sign in</h1>} />
        <Route element={<BackOfficeFrame navigation={inMenuOrder(navigation)} />}>
          <Route path="/vendor" element={<Navigate to="/vendor/dashboard" replace />} />
          <Route path="/vendor/:panel" element={<h1>Panel</h1>} />
          <Route path="/vendor/*" element={<NotFound backOffice />} />
        </Route>
      </Routes>
      <Where />
      <Notifications />
    </MemoryRouter>,
  )
const location = () => screen.getByTestId('location').textContent

describe('back-office frame', () => {
  it("titles the top bar with the open entry's label", () => {
    const title = (path: string) => frameTitle(navigation, path, 'Back-office')
    expect(title('/vendor/allOrders')).toBe('All Orders')
    expect(title('/vendor/customers/')).toBe('Customers')
    expect(title('/vendor/allOrders/nonsense')).toBe('Back-office')
    expect(title('/vendor/nothing')).toBe('Back-office')
    expect(title('/dashboard')).toBe('Back-office')
  })

  it('lists the entries the remote publishes, in their order', () => {
    signIn(admin)
    renderAt('/vendor/customers')
    const nav = screen.getByRole('navigation', { name: 'Back-office' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Medicine Store', 'Dashboard', 'All Orders', 'Customers'])
    expect(within(screen.getByRole('banner')).getByText('Customers')).toBeTruthy()
  })

  it('sends /vendor to the dashboard, inside the frame with the name and Log Out', () => {
    signIn(admin)
    renderAt('/vendor')
    expect(location()).toBe('/vendor/dashboard')
    expect(screen.getByRole('heading', { name: 'Panel' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Back-office' })
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page')
    const bar = screen.getByRole('banner')
    expect(within(bar).getByText('Pharmacist Admin')).toBeTruthy()
    expect(within(bar).getByText('Dashboard')).toBeTruthy() // the panel's title
    fireEvent.click(within(bar).getByRole('button', { name: 'Log Out' }))
    expect(useProfileStore.getState().profile).toBeNull()
    expect(location()).toBe('/')
  })

  it('shows the back-office not-found for a deeper unknown path', () => {
    signIn(admin)
    renderAt('/vendor/allOrders/nonsense')
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
      '/vendor/dashboard',
    )
    expect(screen.getByRole('navigation', { name: 'Back-office' })).toBeTruthy()
  })

  it('sends a customer home, saying the back-office is for administrators', () => {
    signIn(customer)
    renderAt('/vendor/allOrders')
    expect(location()).toBe('/')
    expect(screen.getByRole('alert').textContent).toContain(ADMINS_ONLY)
  })

  it('offers a guest the sign-in page first', () => {
    renderAt('/vendor/allOrders')
    expect(location()).toBe('/login')
  })
})
