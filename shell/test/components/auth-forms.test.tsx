// @vitest-environment happy-dom
import { useLanguageStore } from '@medstore/ui'
import { configureRuntime, useProfileStore } from '@medstore/web-client'
import { json, startTestServer } from '@medstore/web-client/testing'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Login } from '../../src/pages/auth/Login.tsx'
import { Registration } from '../../src/pages/auth/Registration.tsx'
import { renderAt, resetPage } from './helpers.tsx'

const asha = { id: 'u1', name: 'Asha Rao', email: 'asha@example.in', userName: 'asha', isAdmin: false }
/** An account whose owner chose Hindi on another device. */
const meera = {
  id: 'u3',
  name: 'Meera Iyer',
  email: 'meera@example.in',
  userName: 'meera',
  isAdmin: false,
  locale: 'hi',
}
let gateway: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  gateway = await startTestServer({
    'POST /auth/login': (_req, res, body) => {
      const { email, password } = JSON.parse(body) as { email: string; password: string }
      if (email === 'asha@example.in' && password === 'correct horse')
        json(res, 200, { token: 'jwt-asha', userInfo: { ...asha, locale: 'en' } })
      else if (email === 'ravi@example.in')
        json(res, 200, { token: 'jwt-ravi', userInfo: { ...asha, id: 'u4', email, locale: null } })
      else if (email === 'meera@example.in') json(res, 200, { token: 'jwt-meera', userInfo: meera })
      else json(res, 401, { message: 'Invalid email or password' })
    },
    'POST /auth/sineUp': (_req, res, body) => {
      const { email } = JSON.parse(body) as { email: string }
      if (email === 'taken@example.in')
        json(res, 409, {
          message: 'An account with this email already exists',
          code: 'conflict',
          // The identity service names the field and its problem's code (services/identity: takenField).
          errors: [
            { path: 'email', message: 'An account with this email already exists', code: 'email_taken' },
          ],
        })
      else json(res, 201, { token: 'jwt-new', userInfo: { ...asha, id: 'u2', email } })
    },
    'PUT /auth/locale': (_req, res, body) => json(res, 200, { ...asha, ...JSON.parse(body) }),
  })
  configureRuntime({ apiUrl: gateway.url })
})

afterAll(() => gateway.close())

beforeEach(() => {
  resetPage()
  useLanguageStore.getState().setLanguage('en')
  gateway.requests.length = 0
})

const routes = {
  '/login': <Login />,
  '/registration': <Registration />,
  '*': <h1>Somewhere else</h1>,
}
const location = () => screen.getByTestId('location').textContent
const sent = (route: string) => gateway.requests.filter((r) => `${r.method} ${r.path}` === route)
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const errorOf = (label: string | RegExp) => {
  const input = screen.getByLabelText(label)
  return input.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent
    : undefined
}

describe('sign-in', () => {
  it("is titled 'Welcome Back!' and links to registration, keeping the destination", () => {
    renderAt('/login?from=%2Fcheckout', routes)
    expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeTruthy()
    expect(screen.getByText('Please sign in to your account')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/registration?from=%2Fcheckout',
    )
  })

  it('shows the validation messages next to the fields and sends nothing', async () => {
    renderAt('/login', routes)
    fireEvent.blur(screen.getByLabelText('Email'))
    expect(errorOf('Email')).toBe('Email is required') // on leaving the field, before any submit
    expect(errorOf('Password')).toBeUndefined()
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(errorOf('Password')).toBe('Password is required')
    expect(document.activeElement).toBe(screen.getByLabelText('Email')) // focus on the first problem
    type('Email', 'asha@example.in')
    expect(errorOf('Email')).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(gateway.requests).toEqual([])
  })

  it("shows the server's message on failure and stays on the page", async () => {
    renderAt('/login', routes)
    type('Email', 'asha@example.in')
    type('Password', 'wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Invalid email or password'))
    expect(location()).toBe('/login')
    expect(useProfileStore.getState().profile).toBeNull()
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false)
    // Focus is on the message above the form, not dropped to the page.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Invalid email or password'))
    expect(document.activeElement?.closest('form')).toBeTruthy()
  })

  it("clears the failed attempt's error toast once the next attempt succeeds", async () => {
    renderAt('/login', routes)
    type('Email', 'asha@example.in')
    type('Password', 'wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Invalid email or password'))
    type('Password', 'correct horse')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('welcome Asha Rao'))
    expect(screen.getByRole('alert').textContent).toBe('')
  })

  it("signs in, says 'welcome {name}', and goes back to where the user was going", async () => {
    renderAt('/login?from=%2Fmy-orders', routes)
    type('Email', '  Asha@Example.in ')
    type('Password', 'correct horse')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(location()).toBe('/my-orders'))
    expect(JSON.parse(sent('POST /auth/login')[0]?.body ?? '')).toEqual({
      email: 'asha@example.in',
      password: 'correct horse',
    })
    expect(screen.getByRole('status').textContent).toContain('welcome Asha Rao')
    expect(JSON.parse(localStorage.getItem('profile') ?? '')).toEqual({
      token: 'jwt-asha',
      userInfo: { ...asha, locale: 'en' },
    })
    expect(sent('PUT /auth/locale')).toEqual([])
  })

  it('gives an account without a language the one this device shows, for its e-mails', async () => {
    useLanguageStore.getState().setLanguage('hi')
    renderAt('/login', routes)
    type(/ईमेल|Email/, 'ravi@example.in')
    type(/पासवर्ड|Password/, 'any password')
    fireEvent.click(screen.getByRole('button', { name: /साइन इन करें|Sign in/ }))
    await waitFor(() => expect(sent('PUT /auth/locale')).toHaveLength(1))
    expect(JSON.parse(sent('PUT /auth/locale')[0]?.body ?? '')).toEqual({ locale: 'hi' })
    expect(useLanguageStore.getState().language).toBe('hi')
  })

  it('adopts the language the account chose on another device', async () => {
    renderAt('/login', routes)
    type('Email', 'meera@example.in')
    type('Password', 'any password')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(useLanguageStore.getState().language).toBe('hi'))
    expect(localStorage.getItem('language')).toBe('hi')
    expect(document.documentElement.lang).toBe('hi-IN')
    expect(sent('PUT /auth/locale')).toEqual([])
  })

  it('never redirects off the site after signing in', async () => {
    renderAt(`/login?from=${encodeURIComponent('//evil.example/x')}`, routes)
    type('Email', 'asha@example.in')
    type('Password', 'correct horse')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(location()).toBe('/'))
  })
})

describe('registration', () => {
  const fillValid = (email = 'new@example.in') => {
    type('First Name', 'Ravi')
    type('Last Name', 'Kumar')
    type('Username', 'ravi.k')
    type('Email Address', email)
    type('Phone Number', '+91 98765 43210')
    type(/^Password/, 'long enough pw')
    type('Confirm Password', 'long enough pw')
  }

  it('checks every field before anything is sent, with the same messages as the server', async () => {
    renderAt('/registration', routes)
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(errorOf('First Name')).toBe('First name is required')
    expect(errorOf('Username')).toBe('Username is required')
    expect(errorOf('Phone Number')).toBe('Phone number is required')
    type('Username', 'a b')
    type('Email Address', 'not-an-email')
    type('Phone Number', '12345')
    type(/^Password/, 'short')
    type('Confirm Password', 'different')
    expect(errorOf('Username')).toBe('Username must be 3–30 letters, digits, dots or underscores')
    expect(errorOf('Email Address')).toBe('Enter a valid email address')
    expect(errorOf('Phone Number')).toBe(
      'Enter a valid Indian mobile number (10 digits, optionally with +91)',
    )
    expect(errorOf(/^Password/)).toBe('Password must be at least 8 characters')
    expect(errorOf('Confirm Password')).toBe('Passwords do not match')
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(gateway.requests).toEqual([])
  })

  it("creates the account at POST /auth/sineUp, says 'Account created successfully' and signs in", async () => {
    renderAt('/registration', routes)
    fillValid()
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(gateway.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/sineUp'])
    expect(JSON.parse(gateway.requests[0]?.body ?? '')).toMatchObject({
      firstName: 'Ravi',
      lastName: 'Kumar',
      userName: 'ravi.k',
      phone: '9876543210', // normalised as the contract does
      cmPassword: 'long enough pw',
      locale: 'en',
    })
    expect(screen.getByRole('status').textContent).toContain('Account created successfully')
    expect(useProfileStore.getState().profile?.token).toBe('jwt-new')
  })

  it("shows the server's message when the account cannot be created", async () => {
    renderAt('/registration', routes)
    fillValid('taken@example.in')
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('An account with this email already exists'),
    )
    expect(location()).toBe('/registration')
    // Marked on its field (aria-invalid and the message), and the field has focus.
    await waitFor(() => expect(errorOf('Email Address')).toBe('An account with this email already exists'))
    expect(document.activeElement).toBe(screen.getByLabelText('Email Address'))
    expect(errorOf('Username')).toBeUndefined()
  })
})
