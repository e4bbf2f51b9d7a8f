import { loginRequest } from '@medstore/contracts/identity'
import { TextField } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { AuthPage } from './AuthLayout.tsx'
import { logIn } from './authApi.ts'
import { keepingFrom, useAuthPage } from './useAuthPage.ts'
import { firstProblemPerField } from './useForm.ts'

type LoginField = 'email' | 'password'

const ForgotLink = styled.p`
  margin: -6px 0 16px;
  text-align: right;
`

/** Same rules, same messages as the identity service: the contract's loginRequest schema. */
export function validateLogin(values: Record<LoginField, string>) {
  const result = loginRequest.safeParse(values)
  return result.success ? {} : firstProblemPerField<LoginField>(result.error.issues)
}

/** `/login` (spec: Sign-in screen; the heading's 'Welcom' typo fixed). */
export function Login() {
  const t = useT()
  usePageTitle(t('login.signIn'))
  const page = useAuthPage<LoginField>({ email: '', password: '' }, validateLogin, async (values) => {
    // Sent as the contract normalises it (trimmed, lower-case e-mail); the server applies the same.
    const auth = await logIn(loginRequest.parse(values))
    return t('login.welcome', { name: auth.userInfo.name })
  })
  return (
    <AuthPage
      title={t('login.title')}
      lead={t('login.lead')}
      page={page}
      label={t('login.signIn')}
      submitLabel={t('login.signIn')}
      busyLabel={t('login.busy')}
      switchTo={t.rich('login.switch', {
        link: (text) => <Link to={keepingFrom('/registration', page.from)}>{text}</Link>,
      })}
    >
      <TextField label={t('login.email')} type="email" autoComplete="email" {...page.form.field('email')} />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        {...page.form.field('password')}
      />
      <ForgotLink>
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </ForgotLink>
    </AuthPage>
  )
}
