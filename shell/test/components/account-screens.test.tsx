// @vitest-environment happy-dom
import { configureRuntime, signIn, useProfileStore } from '@medstore/web-client'
import { json, startTestServer } from '@medstore/web-client/testing'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Account } from '../../src/pages/account/Account.tsx'
import { ForgotPassword } from '../../src/pages/auth/ForgotPassword.tsx'
import { Login } from '../../src/pages/auth/Login.tsx'
import { Registration } from '../../src/pages/auth/Registration.tsx'
import { ResetPassword } from '../../src/pages/auth/ResetPassword.tsx'
import { customer, renderAt, resetPage } from './helpers.tsx'

const WRONG = 'Your current password is not correct'
const USED = 'This password reset link is invalid, used or expired. Please ask for a new one.'
let gateway: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  gateway = await startTestServer({
    'POST /auth/password': (_req, res, body) => {
      const { currentPassword } = JSON.parse(body) as { currentPassword: string }
      if (currentPassword !== 'old horse battery')
        json(res, 400, {
          message: WRONG,
          code: 'validation_failed',
          errors: [{ path: 'currentPassword', message: WRONG }],
        })
      else json(res, 200, { ...customer, token: 'token-2', refreshToken: 'refresh-2' })
    },
    'POST /auth/logout-all': (_req, res) => res.writeHead(204).end(),
    'POST /auth/logout': (_req, res) => res.writeHead(204).end(),
    'POST /auth/forgot-password': (_req, res) => json(res, 202, { message: 'sent' }),
    'POST /auth/reset-password': (_req, res, body) => {
      const { token } = JSON.parse(body) as { token: string }
      if (token === 'good') json(res, 200, { message: 'changed' })
      else json(res, 400, { message: USED, code: 'validation_failed' })
    },
  })
  configureRuntime({ apiUrl: gateway.url })
})

afterAll(() => gateway.close())

beforeEach(() => {
  resetPage()
  gateway.requests.length = 0
})

const routes = {
  '/account': <Account />,
  '/forgot-password': <ForgotPassword />,
  '/reset-password': <ResetPassword />,
  '/login': <Login />,
  '/registration': <Registration />,
  '*': <h1>Somewhere else</h1>,
}
const location = () => screen.getByTestId('location').textContent
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
/** The message under a field (its error, else its hint), as a screen reader hears it with the field. */
const describedBy = (label: string | RegExp) =>
  document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent
const sent = (path: string) => gateway.requests.filter((r) => r.path === path)

describe('/account', () => {
  it('sends a guest to sign in, coming back here', () => {
    renderAt('/account', routes)
    expect(location()).toBe('/login?from=%2Faccount')
  })

  it("shows the server's refusal of the current password on that field, still signed in", async () => {
    signIn({ ...customer, refreshToken: 'refresh-1' })
    renderAt('/account', routes)
    expect(screen.getByRole('heading', { name: 'Account security' })).toBeTruthy()
    type('Current password', 'not my password')
    type('New password', 'monsoon paper kite 7')
    type('Confirm new password', 'monsoon paper kite 7')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(describedBy('Current password')).toBe(WRONG))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current password')))
    expect(useProfileStore.getState().profile?.token).toBe(customer.token)
    expect(location()).toBe('/account')
  })

  it('changes the password, keeps the new tokens, and empties the form', async () => {
    signIn({ ...customer, refreshToken: 'refresh-1' })
    renderAt('/account', routes)
    type('Current password', 'old horse battery')
    type('New password', 'monsoon paper kite 7')
    type('Confirm new password', 'monsoon paper kite 7')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await screen.findByText('Your password has been changed. Your other devices have been signed out.')
    expect(JSON.parse(sent('/auth/password')[0]?.body ?? '{}')).toEqual({
      currentPassword: 'old horse battery',
      newPassword: 'monsoon paper kite 7',
      cmPassword: 'monsoon paper kite 7',
    })
    expect(useProfileStore.getState().profile).toMatchObject({ token: 'token-2', refreshToken: 'refresh-2' })
    await waitFor(() => expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(''))
  })

  it('checks the fields before sending: confirmation and the strength hint', () => {
    signIn(customer)
    renderAt('/account', routes)
    expect(describedBy('New password')).toContain('At least 8 characters')
    type('New password', '12345678')
    expect(describedBy('New password')).toContain('Strength: weak')
    type('New password', 'AshaRao#2026')
    expect(describedBy('New password')).toContain('Leave out your name and e-mail.')
    type('Confirm new password', 'something else')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(describedBy('Confirm new password')).toBe('Passwords do not match')
    expect(sent('/auth/password')).toEqual([])
  })

  it('logs out everywhere after a confirmation, then forgets the session here', async () => {
    signIn({ ...customer, refreshToken: 'refresh-1' })
    renderAt('/account', routes)
    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }))
    // Cancel leaves everything as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(sent('/auth/logout-all')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }))
    expect(screen.getByRole('group', { name: 'Log out on every device, this one too?' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Yes, log out everywhere' }))
    await screen.findByText('You have been logged out on every device.')
    expect(sent('/auth/logout-all')[0]?.authorization).toBe(`bearer ${customer.token}`)
    expect(useProfileStore.getState().profile).toBeNull()
    await waitFor(() => expect(location()).toBe('/login'))
  })
})

describe('/forgot-password', () => {
  it('is linked from sign-in', () => {
    renderAt('/login', routes)
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
  })

  it('checks the e-mail, sends it, and gives the one answer', async () => {
    renderAt('/forgot-password', routes)
    type('Email', 'not an email')
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(sent('/auth/forgot-password')).toEqual([])

    type('Email', ' Asha@Example.in ')
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }))
    const answer = await screen.findByText(/^If an account exists for this email, we have sent it a link/)
    expect(answer.getAttribute('role')).toBe('status')
    expect(JSON.parse(sent('/auth/forgot-password')[0]?.body ?? '{}')).toEqual({ email: 'asha@example.in' })
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login')
  })
})

describe('/reset-password', () => {
  it('says a link without its token is incomplete, and offers a new one', () => {
    renderAt('/reset-password', routes)
    expect(screen.getByText(/^This password reset link is incomplete/).getAttribute('role')).toBe('alert')
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
  })

  it('sets the new password with the link, signs this page out and goes to sign in', async () => {
    signIn({ ...customer, refreshToken: 'refresh-1' })
    renderAt('/reset-password?token=good', routes)
    type('New password', 'monsoon paper kite 7')
    type('Confirm new password', 'monsoon paper kite 7')
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }))
    await screen.findByText('Your password has been changed. Please sign in with it.')
    expect(JSON.parse(sent('/auth/reset-password')[0]?.body ?? '{}')).toEqual({
      token: 'good',
      password: 'monsoon paper kite 7',
      cmPassword: 'monsoon paper kite 7',
    })
    expect(useProfileStore.getState().profile).toBeNull()
    await waitFor(() => expect(location()).toBe('/login'))
  })

  it('says a used or expired link is no good, with the way to a new one', async () => {
    renderAt('/reset-password?token=used', routes)
    type('New password', 'monsoon paper kite 7')
    type('Confirm new password', 'monsoon paper kite 7')
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }))
    await screen.findByText(USED)
    expect(location()).toBe('/reset-password?token=used')
  })
})

describe('the registration form', () => {
  it("shows the server's rule and a strength hint for the password", () => {
    renderAt('/registration', routes)
    expect(describedBy('Password')).toContain('Common passwords, your name and simple patterns are refused')
    type('First Name', 'Asha')
    type('Password', 'asha12345')
    expect(describedBy('Password')).toContain('Strength: weak')
    type('Password', 'correct horse battery')
    expect(describedBy('Password')).toContain('Strength: strong')
  })
})
