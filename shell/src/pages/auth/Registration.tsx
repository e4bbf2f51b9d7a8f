import { registerRequest } from '@medstore/contracts/identity'
import { TextField, type TextFieldProps } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import { PasswordHint } from '../account/PasswordHint.tsx'
import { AuthPage } from './AuthLayout.tsx'
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

/** The form's fields in order, with what the browser needs to fill them in. */
const fields: (Omit<TextFieldProps, 'name'> & { name: RegisterField; label: string })[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'userName', label: 'Username', autoComplete: 'username' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  {
    name: 'phone',
    label: 'Phone Number',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '+91 98765 43210',
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
  },
  { name: 'cmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
]

/** `/registration` (spec: Register screen). */
export function Registration() {
  usePageTitle('Register')
  const page = useAuthPage<RegisterField>(empty, validateRegistration, async (values) => {
    await register(registerRequest.parse(values))
    return 'Account created successfully'
  })
  const { values } = page.form
  const personal = [values.firstName, values.lastName, values.userName, values.email]
  return (
    <AuthPage
      title="Register"
      lead="Create your Medicine Store account"
      page={page}
      label="Register"
      submitLabel="Register"
      busyLabel="Creating your account…"
      switchTo={<Link to={keepingFrom('/login', page.from)}>Already have account?</Link>}
    >
      {fields.map(({ name, ...props }) => (
        <TextField
          key={name}
          {...props}
          {...(name === 'password'
            ? { hint: <PasswordHint password={values.password} personal={personal} /> }
            : {})}
          {...page.form.field(name)}
        />
      ))}
    </AuthPage>
  )
}
