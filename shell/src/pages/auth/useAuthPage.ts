import { type FieldProblem, problemText, serverText } from '@medstore/ui'
import {
  ApiError,
  failureText,
  safeRedirect,
  toast,
  useNotificationStore,
  useUser,
} from '@medstore/web-client'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useT } from '../i18n.ts'
import { type FormErrors, useForm } from './useForm.ts'

/**
 * A failure not about one field, by code: on these pages a 401 is the sign-in refused (a changed
 * password's wrong current one is a 400 on its field, so the session stays), anything else the
 * server's error (its code in the UI kit's catalogue), and an answer not in the contract's shape ours.
 */
function formProblem(error: ApiError): FieldProblem {
  return error.status === 401 ? { message: error.message, code: 'bad_credentials' } : failureText(error)
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
 * The API client shows the server's error as a toast as well (by its code: @medstore/ui's serverText); an
 * answer not in the contract's shape gets its own.
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
  const [problem, setProblem] = useState<{ failure?: FieldProblem; focus: string }>()
  const t = useT()
  const formRef = useRef<HTMLFormElement>(null)
  const form = useForm<Field>(initial, validate)

  // After the failure has rendered: focus the field it is about, or the message above the form.
  useEffect(() => {
    if (!problem) return
    const selector = problem.focus ? `[name="${problem.focus}"]` : `[${FORM_PROBLEM}]`
    formRef.current?.querySelector<HTMLElement>(selector)?.focus()
  }, [problem])

  const failureMessage = (failure: FieldProblem) =>
    failure.code === 'bad_credentials' ? problemText(failure, t) : serverText(failure)

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
      const failure = apiError ? formProblem(apiError) : { message: t('form.badAnswer') }
      if (!apiError) toast.error(failure.message)
      const fields = apiError?.errors ?? []
      const field = fields.map((f) => f.path.split('.')[0] ?? '').find((name) => name in values)
      form.showServerErrors(fields)
      // A fresh object each time: the same failure twice still moves focus again.
      setProblem(field ? { focus: field } : { failure, focus: '' })
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
    problem: problem?.failure ? failureMessage(problem.failure) : undefined,
    /** Already signed in (e.g. the back button after signing in): where to send them instead. */
    signedInRedirect: user && !submitting && !options.signedInToo ? safeRedirect(from) : undefined,
  }
}

/** The other auth page's path, passing `from` along so the destination survives the switch. */
export function keepingFrom(path: string, from: string | null): string {
  return from ? `${path}?from=${encodeURIComponent(from)}` : path
}
