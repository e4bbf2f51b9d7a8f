import { changePasswordRequest, PASSWORDS_DIFFER } from '@medstore/contracts/identity'
import { Button, TextField, theme } from '@medstore/ui'
import { loginPath, toast, usePageTitle, useUser } from '@medstore/web-client'
import { useId, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { Problem } from '../auth/AuthLayout.tsx'
import { changePassword, logOutEverywhere } from '../auth/authApi.ts'
import { FORM_PROBLEM, useAuthPage } from '../auth/useAuthPage.ts'
import { type FormErrors, firstProblemPerField } from '../auth/useForm.ts'
import { useT } from '../i18n.ts'
import { PasswordHint } from './PasswordHint.tsx'

const Page = styled.div`
  max-width: 640px;
  margin: 32px auto;
  padding: 0 16px;

  h1 {
    margin: 0 0 4px;
    color: ${theme.color.brandDark};
  }

  .lead {
    margin: 0 0 24px;
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
  }
`

const Section = styled.section`
  margin-bottom: 24px;
  padding: 24px;
  border-radius: 12px;
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};

  h2 {
    margin: 0 0 16px;
    font-size: 1.2rem;
  }

  @media (max-width: ${theme.mobile}) {
    padding: 16px;
  }
`

const Confirm = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: 12px;
    padding: 0;
    font-weight: 700;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

type PasswordField = 'currentPassword' | 'newPassword' | 'cmPassword'

/** The contract's changePasswordRequest rules (the identity service applies the same, and more). */
export function validatePasswordChange(values: Record<PasswordField, string>): FormErrors<PasswordField> {
  const result = changePasswordRequest.safeParse(values)
  const errors = result.success ? {} : firstProblemPerField<PasswordField>(result.error.issues)
  if (!errors.cmPassword && values.cmPassword && values.newPassword !== values.cmPassword)
    errors.cmPassword = PASSWORDS_DIFFER
  return errors
}

const emptyPasswords: Record<PasswordField, string> = { currentPassword: '', newPassword: '', cmPassword: '' }

/** Current, new and confirmed password; the server's refusal is shown on its field (or above the form). */
function ChangePasswordForm({ personal, onChanged }: { personal: string[]; onChanged: () => void }) {
  const t = useT()
  const headingId = useId()
  const page = useAuthPage<PasswordField>(
    emptyPasswords,
    validatePasswordChange,
    async (values) => {
      await changePassword(changePasswordRequest.parse(values))
      return t('account.password.done')
    },
    {
      signedInToo: true,
      after: (message) => {
        toast.success(message)
        onChanged()
      },
    },
  )
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.password.heading')}</h2>
      <form ref={page.formRef} noValidate onSubmit={page.onSubmit} aria-labelledby={headingId}>
        {page.problem ? (
          <Problem tabIndex={-1} {...{ [FORM_PROBLEM]: '' }}>
            {page.problem}
          </Problem>
        ) : null}
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          {...page.form.field('currentPassword')}
        />
        <TextField
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          hint={<PasswordHint password={page.form.values.newPassword} personal={personal} />}
          {...page.form.field('newPassword')}
        />
        <TextField
          label={t('account.password.confirm')}
          type="password"
          autoComplete="new-password"
          {...page.form.field('cmPassword')}
        />
        <Button type="submit" disabled={page.submitting}>
          {page.submitting ? t('account.password.busy') : t('account.password.submit')}
        </Button>
      </form>
    </Section>
  )
}

/** Ends every session of the account (this one too) after the shopper confirms. */
function LogOutEverywhere() {
  const t = useT()
  const navigate = useNavigate()
  const headingId = useId()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const section = useRef<HTMLElement>(null)
  // The button pressed goes away: focus moves to Cancel (the safe choice), or back to the first button.
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => section.current?.querySelector<HTMLElement>(selector)?.focus())
  const go = async () => {
    setBusy(true)
    try {
      await logOutEverywhere()
      toast.success(t('account.everywhere.done'))
      navigate('/login', { replace: true })
    } catch {
      // The client has shown the server's message; the shopper is still signed in here.
      setBusy(false)
    }
  }
  return (
    <Section ref={section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.everywhere.heading')}</h2>
      <p>{t('account.everywhere.text')}</p>
      {confirming ? (
        <Confirm>
          <legend>{t('account.everywhere.confirm')}</legend>
          <Actions>
            <Button variant="danger" disabled={busy} onClick={go}>
              {busy ? t('account.everywhere.busy') : t('account.everywhere.yes')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              data-cancel=""
              onClick={() => {
                setConfirming(false)
                focusLater('button')
              }}
            >
              {t('account.everywhere.cancel')}
            </Button>
          </Actions>
        </Confirm>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setConfirming(true)
            focusLater('[data-cancel]')
          }}
        >
          {t('account.everywhere.button')}
        </Button>
      )}
    </Section>
  )
}

/** `/account`: the signed-in shopper's password and sessions. A guest is sent to sign in and brought back. */
export function Account() {
  const t = useT()
  usePageTitle(t('account.title'))
  const user = useUser()
  // A successful change starts the form afresh (empty fields, no messages).
  const [changes, setChanges] = useState(0)
  if (!user) return <Navigate to={loginPath('/account')} replace />
  const personal = [user.name, user.userName, user.email]
  return (
    <Page>
      <h1>{t('account.title')}</h1>
      <p className="lead">{t('account.lead', { email: user.email })}</p>
      <ChangePasswordForm key={changes} personal={personal} onChanged={() => setChanges((n) => n + 1)} />
      <LogOutEverywhere />
    </Page>
  )
}
