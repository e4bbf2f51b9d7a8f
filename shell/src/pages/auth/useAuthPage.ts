import { ApiError, safeRedirect, toast, useUser } from '@medstore/web-client'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { type FormErrors, useForm } from './useForm.ts'

/**
 * What the sign-in and register screens share: their form, `?from=` (where to go afterwards, kept on
 * the site by safeRedirect) and the submit. `send` makes the request and resolves to the success toast;
 * then the user goes on to `from`. A 400's field errors are shown next to the fields; other API errors
 * the API client has already shown as a toast; an answer not in the contract's shape gets its own.
 */
export function useAuthPage<Field extends string>(
  initial: Record<Field, string>,
  validate: (values: Record<Field, string>) => FormErrors<Field>,
  send: (values: Record<Field, string>) => Promise<string>,
) {
  const [params] = useSearchParams()
  const from = params.get('from')
  const navigate = useNavigate()
  const user = useUser()
  const [submitting, setSubmitting] = useState(false)
  const form = useForm<Field>(initial, validate)

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitting(true)
    try {
      toast.success(await send(values))
      navigate(safeRedirect(from), { replace: true })
    } catch (error) {
      if (error instanceof ApiError) form.showServerErrors(error.errors)
      else toast.error('The server sent an answer we did not understand. Please try again.')
      setSubmitting(false)
    }
  })

  return {
    form,
    from,
    submitting,
    onSubmit,
    /** Already signed in (e.g. the back button after signing in): where to send them instead. */
    signedInRedirect: user && !submitting ? safeRedirect(from) : undefined,
  }
}

/** The other auth page's path, passing `from` along so the destination survives the switch. */
export function keepingFrom(path: string, from: string | null): string {
  return from ? `${path}?from=${encodeURIComponent(from)}` : path
}
