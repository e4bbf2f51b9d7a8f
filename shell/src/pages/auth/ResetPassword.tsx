import { PASSWORDS_DIFFER, resetPasswordRequest } from '@medstore/contracts/identity'
import { TextField } from '@medstore/ui'
import { ApiError, toast, usePageTitle } from '@medstore/web-client'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { PasswordHint } from '../account/PasswordHint.tsx'
import { useT } from '../i18n.ts'
import { AuthLayout, AuthPage, Problem } from './AuthLayout.tsx'
import { resetPassword } from './authApi.ts'
import { useAuthPage } from './useAuthPage.ts'
import { type FormErrors, firstProblemPerField } from './useForm.ts'

type ResetField = 'password' | 'cmPassword'

/** The contract's rules for the two fields (the token is the link's, checked by the server). */
export function validateReset(values: Record<ResetField, string>): FormErrors<ResetField> {
  const result = resetPasswordRequest.safeParse({ ...values, token: 'from-the-link' })
  const errors = result.success ? {} : firstProblemPerField<ResetField>(result.error.issues)
  if (!errors.cmPassword && values.cmPassword && values.password !== values.cmPassword)
    errors.cmPassword = PASSWORDS_DIFFER
  return errors
}

/**
 * `/reset-password?token=…`, opened from the e-mail: the new password twice. The server ends every
 * session of the account, so the shopper signs in afresh with it. A link used, expired or cut short
 * says so, with the way to ask for a new one.
 */
export function ResetPassword() {
  const t = useT()
  usePageTitle(t('reset.title'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const page = useAuthPage<ResetField>(
    { password: '', cmPassword: '' },
    validateReset,
    async (values) => {
      try {
        await resetPassword(resetPasswordRequest.parse({ ...values, token }))
      } catch (error) {
        // A refused link (not a refused password, which names its field): said in the page's language.
        if (error instanceof ApiError && error.status === 400 && error.errors.length === 0)
          throw new ApiError(t('reset.invalid'), 400, 'http', [], { cause: error, code: error.code })
        throw error
      }
      return t('reset.done')
    },
    {
      signedInToo: true,
      after: (message) => {
        toast.success(message)
        navigate('/login', { replace: true })
      },
    },
  )
  const askAgain = <Link to="/forgot-password">{t('reset.askAgain')}</Link>
  if (!token)
    return (
      <AuthLayout>
        <h1>{t('reset.title')}</h1>
        <Problem role="alert">{t('reset.incomplete')}</Problem>
        <p className="switch">{askAgain}</p>
      </AuthLayout>
    )
  return (
    <AuthPage
      title={t('reset.title')}
      lead={t('reset.lead')}
      page={page}
      label={t('reset.title')}
      submitLabel={t('reset.submit')}
      busyLabel={t('reset.busy')}
      switchTo={askAgain}
    >
      <TextField
        label={t('reset.new')}
        type="password"
        autoComplete="new-password"
        hint={<PasswordHint password={page.form.values.password} />}
        {...page.form.field('password')}
      />
      <TextField
        label={t('reset.confirm')}
        type="password"
        autoComplete="new-password"
        {...page.form.field('cmPassword')}
      />
    </AuthPage>
  )
}
