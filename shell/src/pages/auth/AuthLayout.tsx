import { Button, theme } from '@medstore/ui'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { FORM_PROBLEM, type useAuthPage } from './useAuthPage.ts'

type AuthPageState = ReturnType<typeof useAuthPage>

const Panels = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  max-width: 980px;
  margin: 40px auto;
  overflow: hidden;
  border-radius: 16px;
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};

  @media (max-width: ${theme.mobile}) {
    grid-template-columns: 1fr;
    margin: 16px;
  }
`

const Banner = styled.div`
  display: grid;
  place-items: center;
  padding: 48px 32px;
  background: linear-gradient(135deg, ${theme.color.brandDark}, ${theme.color.brand});
  color: #fff;
  font-size: 1.6rem;
  font-weight: 700;
  line-height: 1.3;
  text-align: center;

  @media (max-width: ${theme.mobile}) {
    padding: 24px;
    font-size: 1.2rem;
  }
`

const FormSide = styled.div`
  padding: 40px 36px;

  h1 {
    margin: 0 0 4px;
    color: ${theme.color.brandDark};
  }

  .lead {
    margin: 0 0 24px;
    color: ${theme.color.muted};
  }

  .switch {
    margin: 20px 0 0;
    text-align: center;
  }
`

/** The two-panel sign-in / register page: promotional banner and the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <Panels>
      <Banner aria-hidden="true">{t('auth.banner')}</Banner>
      <FormSide>{children}</FormSide>
    </Panels>
  )
}

/** A form's problem not about one field, above its fields. */
export const Problem = styled.p`
  margin: 0 0 16px;
  padding: 10px 12px;
  border-left: 4px solid ${theme.color.danger};
  border-radius: ${theme.radius};
  background: ${theme.color.dangerLight};
  color: ${theme.color.danger};
  font-weight: 600;
`

interface AuthPageProps {
  title: string
  /** The line under the title. */
  lead: string
  /** What `useAuthPage` gives: the form's ref, submit, state and where a signed-in user goes. */
  page: Pick<AuthPageState, 'formRef' | 'problem' | 'onSubmit' | 'submitting' | 'signedInRedirect'>
  /** The form's accessible name. */
  label: string
  submitLabel: string
  /** The button's text while the request runs (it is disabled meanwhile). */
  busyLabel: string
  /** The link to the other auth page, under the form. */
  switchTo: ReactNode
  /** The fields. */
  children: ReactNode
}

/**
 * A sign-in or register page: title, lead, the form (a problem not about one field above the fields,
 * then the full-width submit button) and the link to the other page. A user who is already signed in
 * (e.g. the back button after signing in) goes straight on to where they were going.
 */
export function AuthPage({
  title,
  lead,
  page,
  label,
  submitLabel,
  busyLabel,
  switchTo,
  children,
}: AuthPageProps) {
  if (page.signedInRedirect) return <Navigate to={page.signedInRedirect} replace />
  return (
    <AuthLayout>
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <form ref={page.formRef} noValidate onSubmit={page.onSubmit} aria-label={label}>
        {/* Focused after a failure, so it is read out and the next Tab goes to the fields. */}
        {page.problem ? (
          <Problem tabIndex={-1} {...{ [FORM_PROBLEM]: '' }}>
            {page.problem}
          </Problem>
        ) : null}
        {children}
        <Button type="submit" block disabled={page.submitting}>
          {page.submitting ? busyLabel : submitLabel}
        </Button>
      </form>
      <p className="switch">{switchTo}</p>
    </AuthLayout>
  )
}
