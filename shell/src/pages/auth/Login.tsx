import { loginRequest } from '@medstore/contracts/identity'
import { Button, TextField } from '@medstore/ui'
import { ApiError, safeRedirect, toast, useUser } from '@medstore/web-client'
import { useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { AuthLayout } from './AuthLayout.tsx'
import { logIn } from './authApi.ts'
import { firstMessagePerField, useForm } from './useForm.ts'

type LoginField = 'email' | 'password'

/** Same rules, same messages as the identity service: the contract's loginRequest schema. */
export function validateLogin(values: Record<LoginField, string>) {
  const result = loginRequest.safeParse(values)
  return result.success ? {} : firstMessagePerField<LoginField>(result.error.issues)
}

/** `/login` (spec: Sign-in screen; the heading's 'Welcom' typo fixed). */
export function Login() {
  const [params] = useSearchParams()
  const from = params.get('from')
  const navigate = useNavigate()
  const user = useUser()
  const [submitting, setSubmitting] = useState(false)
  const form = useForm<LoginField>({ email: '', password: '' }, validateLogin)

  // Already signed in (e.g. the back button after signing in): straight on to where they were going.
  if (user && !submitting) return <Navigate to={safeRedirect(from)} replace />

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitting(true)
    try {
      // Sent as the contract normalises it (trimmed, lower-case e-mail); the server applies the same.
      const auth = await logIn(loginRequest.parse(values))
      toast.success(`welcome ${auth.userInfo.name}`)
      navigate(safeRedirect(from), { replace: true })
    } catch (error) {
      if (error instanceof ApiError) form.showServerErrors(error.errors)
      else toast.error('The server sent an answer we did not understand. Please try again.')
      setSubmitting(false)
    }
  })

  return (
    <AuthLayout>
      <h1>Welcome Back!</h1>
      <p className="lead">Please sign in to your account</p>
      <form noValidate onSubmit={onSubmit} aria-label="Sign in">
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Button type="submit" block disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <p className="switch">
        New to Medicine Store?{' '}
        <Link to={from ? `/registration?from=${encodeURIComponent(from)}` : '/registration'}>Sign up</Link>
      </p>
    </AuthLayout>
  )
}
