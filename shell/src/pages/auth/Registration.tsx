import { registerRequest } from '@medstore/contracts/identity'
import { Button, TextField } from '@medstore/ui'
import { ApiError, safeRedirect, toast, useUser } from '@medstore/web-client'
import { useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { AuthLayout } from './AuthLayout.tsx'
import { register } from './authApi.ts'
import { type FormErrors, firstMessagePerField, useForm } from './useForm.ts'

type RegisterField = 'firstName' | 'lastName' | 'userName' | 'email' | 'phone' | 'password' | 'cmPassword'

/**
 * The contract's registerRequest rules (the identity service applies the same). zod skips the
 * passwords-match refinement while another field is invalid, so that one is also checked on its own.
 */
export function validateRegistration(values: Record<RegisterField, string>): FormErrors<RegisterField> {
  const result = registerRequest.safeParse(values)
  const errors = result.success ? {} : firstMessagePerField<RegisterField>(result.error.issues)
  if (!errors.cmPassword && values.cmPassword && values.password !== values.cmPassword) {
    errors.cmPassword = 'Passwords do not match'
  }
  return errors
}

const empty: Record<RegisterField, string> = {
  firstName: '',
  lastName: '',
  userName: '',
  email: '',
  phone: '',
  password: '',
  cmPassword: '',
}

/** `/registration` (spec: Register screen). */
export function Registration() {
  const [params] = useSearchParams()
  const from = params.get('from')
  const navigate = useNavigate()
  const user = useUser()
  const [submitting, setSubmitting] = useState(false)
  const form = useForm<RegisterField>(empty, validateRegistration)

  if (user && !submitting) return <Navigate to={safeRedirect(from)} replace />

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitting(true)
    try {
      await register(registerRequest.parse(values))
      toast.success('Account created successfully')
      navigate(safeRedirect(from), { replace: true })
    } catch (error) {
      if (error instanceof ApiError) form.showServerErrors(error.errors)
      else toast.error('The server sent an answer we did not understand. Please try again.')
      setSubmitting(false)
    }
  })

  return (
    <AuthLayout>
      <h1>Register</h1>
      <p className="lead">Create your Medicine Store account</p>
      <form noValidate onSubmit={onSubmit} aria-label="Register">
        <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        <TextField label="Username" autoComplete="username" {...form.field('userName')} />
        <TextField label="Email Address" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          {...form.field('phone')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          {...form.field('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...form.field('cmPassword')}
        />
        <Button type="submit" block disabled={submitting}>
          {submitting ? 'Creating your account…' : 'Register'}
        </Button>
      </form>
      <p className="switch">
        <Link to={from ? `/login?from=${encodeURIComponent(from)}` : '/login'}>Already have account?</Link>
      </p>
    </AuthLayout>
  )
}
