import { registerRequest } from '@medstore/contracts/identity'
import { TextField } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { Link, Navigate } from 'react-router-dom'
import { AuthForm, AuthLayout } from './AuthLayout.tsx'
import { register } from './authApi.ts'
import { keepingFrom, useAuthPage } from './useAuthPage.ts'
import { type FormErrors, firstMessagePerField } from './useForm.ts'

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
  usePageTitle('Register')
  const { form, formRef, problem, from, submitting, onSubmit, signedInRedirect } = useAuthPage<RegisterField>(
    empty,
    validateRegistration,
    async (values) => {
      await register(registerRequest.parse(values))
      return 'Account created successfully'
    },
  )

  if (signedInRedirect) return <Navigate to={signedInRedirect} replace />

  return (
    <AuthLayout>
      <h1>Register</h1>
      <p className="lead">Create your Medicine Store account</p>
      <AuthForm
        formRef={formRef}
        problem={problem}
        label="Register"
        onSubmit={onSubmit}
        submitting={submitting}
        submitLabel="Register"
        busyLabel="Creating your account…"
      >
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
      </AuthForm>
      <p className="switch">
        <Link to={keepingFrom('/login', from)}>Already have account?</Link>
      </p>
    </AuthLayout>
  )
}
