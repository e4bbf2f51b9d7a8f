import { Button, theme } from '@medstore/ui'
import type { FormEventHandler, ReactNode, RefObject } from 'react'
import styled from 'styled-components'
import { site } from '../../site.ts'
import { FORM_PROBLEM } from './useAuthPage.ts'

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
  return (
    <Panels>
      <Banner aria-hidden="true">{site.signInBanner}</Banner>
      <FormSide>{children}</FormSide>
    </Panels>
  )
}

const Problem = styled.p`
  margin: 0 0 16px;
  padding: 10px 12px;
  border-left: 4px solid ${theme.color.danger};
  border-radius: ${theme.radius};
  background: ${theme.color.dangerLight};
  color: ${theme.color.danger};
  font-weight: 600;
`

interface AuthFormProps {
  formRef: RefObject<HTMLFormElement | null>
  /** A failure not about one field (wrong password, server unreachable): shown above the fields. */
  problem?: string | undefined
  /** The form's accessible name. */
  label: string
  onSubmit: FormEventHandler<HTMLFormElement>
  submitting: boolean
  submitLabel: string
  /** The button's text while the request runs (it is disabled meanwhile). */
  busyLabel: string
  children: ReactNode
}

/** An auth page's form: its fields, then the full-width submit button. */
export function AuthForm({
  formRef,
  problem,
  label,
  onSubmit,
  submitting,
  submitLabel,
  busyLabel,
  children,
}: AuthFormProps) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={label}>
      {/* Focused after a failure, so it is read out and the next Tab goes to the fields. */}
      {problem ? (
        <Problem tabIndex={-1} {...{ [FORM_PROBLEM]: '' }}>
          {problem}
        </Problem>
      ) : null}
      {children}
      <Button type="submit" block disabled={submitting}>
        {submitting ? busyLabel : submitLabel}
      </Button>
    </form>
  )
}
