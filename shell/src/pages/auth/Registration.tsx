import { PASSWORDS_DIFFER, registerRequest } from '@medstore/contracts/identity'
import { TextField, type TextFieldProps } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import { PasswordHint } from '../account/PasswordHint.tsx'
import { type MessageKey, useT } from '../i18n.ts'
import { AuthPage } from './AuthLayout.tsx'
import { register } from './authApi.ts'
import { keepingFrom, useAuthPage } from './useAuthPage.ts'
import { type FormErrors, firstProblemPerField } from './useForm.ts'

type RegisterField = 'firstName' | 'lastName' | 'userName' | 'email' | 'phone' | 'password' | 'cmPassword'

/**
 * The contract's registerRequest rules (the identity service applies the same). zod skips the
 * passwords-match refinement while another field is invalid, so that one is also checked on its own.
 */
export function validateRegistration(values: Record<RegisterField, string>): FormErrors<RegisterField> {
  const result = registerRequest.safeParse(values)
  const errors = result.success ? {} : firstProblemPerField<RegisterField>(result.error.issues)
  if (!errors.cmPassword && values.cmPassword && values.password !== values.cmPassword) {
    errors.cmPassword = PASSWORDS_DIFFER
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
const fields: (Omit<TextFieldProps, 'name' | 'label'> & { name: RegisterField; label: MessageKey })[] = [
  { name: 'firstName', label: 'register.firstName', autoComplete: 'given-name' },
  { name: 'lastName', label: 'register.lastName', autoComplete: 'family-name' },
  { name: 'userName', label: 'register.userName', autoComplete: 'username' },
  { name: 'email', label: 'register.email', type: 'email', autoComplete: 'email' },
  {
    name: 'phone',
    label: 'register.phone',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '+91 98765 43210',
  },
  {
    name: 'password',
    label: 'register.password',
    type: 'password',
    autoComplete: 'new-password',
  },
  { name: 'cmPassword', label: 'register.cmPassword', type: 'password', autoComplete: 'new-password' },
]

/** `/registration` (spec: Register screen). */
export function Registration() {
  const t = useT()
  usePageTitle(t('register.title'))
  const page = useAuthPage<RegisterField>(empty, validateRegistration, async (values) => {
    await register(registerRequest.parse(values))
    return t('register.done')
  })
  const { values } = page.form
  const personal = [values.firstName, values.lastName, values.userName, values.email]
  return (
    <AuthPage
      title={t('register.title')}
      lead={t('register.lead')}
      page={page}
      label={t('register.title')}
      submitLabel={t('register.title')}
      busyLabel={t('register.busy')}
      switchTo={<Link to={keepingFrom('/login', page.from)}>{t('register.switch')}</Link>}
    >
      {fields.map(({ name, label, ...props }) => (
        <TextField
          key={name}
          {...props}
          label={t(label)}
          {...(name === 'password'
            ? { hint: <PasswordHint password={values.password} personal={personal} /> }
            : {})}
          {...page.form.field(name)}
        />
      ))}
    </AuthPage>
  )
}
