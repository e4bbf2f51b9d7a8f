import {
  ApiError,
  type FieldError,
  safeRedirect,
  toast,
  useNotificationStore,
  useUser,
} from '@medstore/web-client'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useT } from '../i18n.ts'
import { formMessage } from './formMessages.ts'
import { type FormErrors, useForm } from './useForm.ts'

/**
 * The field a 409 from sign-up is about: the identity service answers 'An account with this email
 * already exists' or 'This username is already taken' without a field path, so the message says which.
 */
export function conflictFields(error: Pick<ApiError, 'status' | 'message' | 'errors'>): FieldError[] {
  if (error.errors.length > 0) return error.errors
  if (error.status !== 409) return []
  if (/user\s*name/i.test(error.message)) return [{ path: 'userName', message: error.message }]
  if (/e-?mail/i.test(error.message)) return [{ path: 'email', message: error.message }]
  return []
}

/** Dismiss the error toasts still showing (a failed attempt's, once the next one succeeds). */
function clearErrorToasts(): void {
  const { toasts, dismiss } = useNotificationStore.getState()
  for (const shown of toasts) if (shown.type === 'error') dismiss(shown.id)
}

/** Marks the element showing a form-wide problem (AuthForm renders it; focus goes there on failure). */
export const FORM_PROBLEM = 'data-form-problem'

/**
 * What the sign-in and register screens share: their form, `?from=` (where to go afterwards, kept on
 * the site by safeRedirect) and the submit. `send` makes the request and resolves to the success toast;
 * then the user goes on to `from`, and any error toast of an earlier attempt goes away. A failure never
 * leaves focus on the page: a problem with a field (a 400's field errors, a taken email or user name)
 * is shown on that field, which gets focus; anything else is shown above the form, which gets focus.
 * The API client shows the server's message as a toast as well; an answer not in the contract's shape
 * gets its own.
 */
export function useAuthPage<Field extends string>(
  initial: Record<Field, string>,
  validate: (values: Record<Field, string>) => FormErrors<Field>,
  send: (values: Record<Field, string>) => Promise<string>,
  options: {
    /** What follows success instead of the toast and going on to `from` (e.g. a page's own 'sent' view). */
    after?: (message: string) => void
    /** The page is for a signed-in user too (account, password reset): no redirect away from it. */
    signedInToo?: boolean
  } = {},
) {
  const [params] = useSearchParams()
  const from = params.get('from')
  const navigate = useNavigate()
  const user = useUser()
  const [submitting, setSubmitting] = useState(false)
  const [problem, setProblem] = useState<{ message: string; focus: string } | undefined>()
  const t = useT()
  const formRef = useRef<HTMLFormElement>(null)
  const form = useForm<Field>(initial, validate)

  // After the failure has rendered: focus the field it is about, or the message above the form.
  useEffect(() => {
    if (!problem) return
    const selector = problem.focus ? `[name="${problem.focus}"]` : `[${FORM_PROBLEM}]`
    formRef.current?.querySelector<HTMLElement>(selector)?.focus()
  }, [problem])

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitting(true)
    setProblem(undefined)
    try {
      const message = await send(values)
      clearErrorToasts()
      if (options.after) {
        options.after(message)
        setSubmitting(false)
        return
      }
      toast.success(message)
      navigate(safeRedirect(from), { replace: true })
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined
      const message = apiError?.message ?? t('form.badAnswer')
      if (!apiError) toast.error(message)
      const fields = apiError ? conflictFields(apiError) : []
      const field = fields.map((f) => f.path.split('.')[0] ?? '').find((name) => name in values)
      form.showServerErrors(fields)
      // A fresh object each time: the same failure twice still moves focus again.
      setProblem({ message: field ? '' : message, focus: field ?? '' })
      setSubmitting(false)
    }
  })

  return {
    form,
    formRef,
    from,
    submitting,
    onSubmit,
    /** A failure not about one field, shown above the form. */
    problem: problem?.message ? formMessage(problem.message, t) : undefined,
    /** Already signed in (e.g. the back button after signing in): where to send them instead. */
    signedInRedirect: user && !submitting && !options.signedInToo ? safeRedirect(from) : undefined,
  }
}

/** The other auth page's path, passing `from` along so the destination survives the switch. */
export function keepingFrom(path: string, from: string | null): string {
  return from ? `${path}?from=${encodeURIComponent(from)}` : path
}
