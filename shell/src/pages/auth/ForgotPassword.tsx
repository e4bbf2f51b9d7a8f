import { forgotPasswordRequest } from '@medstore/contracts/identity'
import { TextField } from '@medstore/ui'
import { usePageTitle } from '@medstore/web-client'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useT } from '../i18n.ts'
import { AuthLayout, AuthPage } from './AuthLayout.tsx'
import { requestPasswordReset } from './authApi.ts'
import { useAuthPage } from './useAuthPage.ts'
import { firstProblemPerField } from './useForm.ts'

type ForgotField = 'email'

export function validateForgot(values: Record<ForgotField, string>) {
  const result = forgotPasswordRequest.safeParse(values)
  return result.success ? {} : firstProblemPerField<ForgotField>(result.error.issues)
}

/**
 * `/forgot-password`: the e-mail, then one answer whether or not an account has it (the server's, in the
 * page's language), so the page cannot be used to find out who shops here.
 */
export function ForgotPassword() {
  const t = useT()
  usePageTitle(t('forgot.title'))
  const [sent, setSent] = useState(false)
  const page = useAuthPage<ForgotField>(
    { email: '' },
    validateForgot,
    async (values) => (await requestPasswordReset(forgotPasswordRequest.parse(values))).message,
    { after: () => setSent(true), signedInToo: true },
  )
  const back = <Link to="/login">{t('forgot.back')}</Link>
  if (sent)
    return (
      <AuthLayout>
        <h1>{t('forgot.title')}</h1>
        <p className="lead" role="status">
          {t('forgot.sent')}
        </p>
        <p className="switch">{back}</p>
      </AuthLayout>
    )
  return (
    <AuthPage
      title={t('forgot.title')}
      lead={t('forgot.lead')}
      page={page}
      label={t('forgot.title')}
      submitLabel={t('forgot.submit')}
      busyLabel={t('forgot.busy')}
      switchTo={back}
    >
      <TextField label={t('forgot.email')} type="email" autoComplete="email" {...page.form.field('email')} />
    </AuthPage>
  )
}
