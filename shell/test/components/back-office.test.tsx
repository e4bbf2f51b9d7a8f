// @vitest-environment happy-dom
import { signIn, useProfileStore } from '@medstore/web-client'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMINS_ONLY, BackOfficeLayout } from '../../src/layout/BackOfficeLayout.tsx'
import { backOfficeTitle } from '../../src/layout/backOfficePanels.ts'
import { Notifications } from '../../src/Notifications.tsx'
import { NotFound } from '../../src/pages/NotFound.tsx'
import { admin, customer, resetPage } from './helpers.tsx'

beforeEach(resetPage)

function Where() {
  const { pathname } = useLocation()
  return <div data-testid="location">{pathname}</div>
}

// The back-office frame as App.tsx draws it around mfe-vendor's routes (stand-ins for its elements: the
// /vendor redirect and the panel) and its /vendor/* prefix (the not-found page).
const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/login" element={<h1>Sign in</h1>} />
        <Route element={<BackOfficeLayout />}>
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
  it("titles the top bar with the open panel's name", () => {
    expect(backOfficeTitle('/vendor/allOrders')).toBe('All Orders')
    expect(backOfficeTitle('/vendor/customers')).toBe('Customers')
    expect(backOfficeTitle('/vendor/suppliers')).toBe('Suppliers')
    expect(backOfficeTitle('/vendor/allOrders/nonsense')).toBe('Back-office')
    expect(backOfficeTitle('/vendor/nothing')).toBe('Back-office')
    expect(backOfficeTitle('/dashboard')).toBe('Back-office')
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
