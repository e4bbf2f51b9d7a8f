import { loginRequest } from '@medstore/contracts/identity'
import { TextField } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { Link, Navigate } from 'react-router-dom'
import { AuthForm, AuthLayout } from './AuthLayout.tsx'
import { logIn } from './authApi.ts'
import { keepingFrom, useAuthPage } from './useAuthPage.ts'
import { firstMessagePerField } from './useForm.ts'

type LoginField = 'email' | 'password'

/** Same rules, same messages as the identity service: the contract's loginRequest schema. */
export function validateLogin(values: Record<LoginField, string>) {
  const result = loginRequest.safeParse(values)
  return result.success ? {} : firstMessagePerField<LoginField>(result.error.issues)
}

/** `/login` (spec: Sign-in screen; the heading's 'Welcom' typo fixed). */
export function Login() {
  usePageTitle('Sign in')
  const { form, formRef, problem, from, submitting, onSubmit, signedInRedirect } = useAuthPage<LoginField>(
    { email: '', password: '' },
    validateLogin,
    async (values) => {
      // Sent as the contract normalises it (trimmed, lower-case e-mail); the server applies the same.
      const auth = await logIn(loginRequest.parse(values))
      return `welcome ${auth.userInfo.name}`
    },
  )

  // Already signed in (e.g. the back button after signing in): straight on to where they were going.
  if (signedInRedirect) return <Navigate to={signedInRedirect} replace />

  return (
    <AuthLayout>
      <h1>Welcome Back!</h1>
      <p className="lead">Please sign in to your account</p>
      <AuthForm
        formRef={formRef}
        problem={problem}
        label="Sign in"
        onSubmit={onSubmit}
        submitting={submitting}
        submitLabel="Sign in"
        busyLabel="Signing in…"
      >
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
      </AuthForm>
      <p className="switch">
        New to Medicine Store? <Link to={keepingFrom('/registration', from)}>Sign up</Link>
      </p>
    </AuthLayout>
  )
}
