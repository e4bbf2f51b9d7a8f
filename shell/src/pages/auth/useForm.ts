import { problemOf } from '@medstore/contracts/problems'
import { type FieldProblem, problemText } from '@medstore/ui'
import type { FieldError } from '@medstore/web-client'
import { type ChangeEvent, type FormEvent, useState } from 'react'
import { useT } from '../i18n.ts'

/** Each field's problem, by code with its English sentence (packages/contracts/src/problems.ts). */
export type FormErrors<K extends string> = Partial<Record<K, FieldProblem>>

/**
 * Controlled form state with validation messages shown next to each field: a field's message appears
 * once the field has been left (blur) or a submit was attempted, so nothing is sent while a field is
 * invalid. Server-side field errors (`errors[]` of a 400) are shown the same way until the field changes.
 * Both are the contract's problems by code, shown in the page's language (`problemText`, the pages' catalogue).
 */
export function useForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => FormErrors<K>,
) {
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<ReadonlySet<K>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<FormErrors<K>>({})

  const t = useT()

  const problems = validate(values)
  const errorOf = (name: K): string | undefined => {
    const problem = serverErrors[name] ?? (submitted || touched.has(name) ? problems[name] : undefined)
    return problem && problemText({ ...problem, path: problem.path ?? name }, t)
  }

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value
      setValues((current) => ({ ...current, [name]: value }))
      setServerErrors(({ [name]: _cleared, ...rest }) => rest as FormErrors<K>)
    },
    onBlur: () => setTouched((current) => new Set(current).add(name)),
  })

  /** Runs `onValid` with the values only when every field is valid; otherwise focuses the first problem. */
  const handleSubmit =
    (onValid: (values: Record<K, string>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      setSubmitted(true)
      const invalid = (Object.keys(values) as K[]).find((name) => problems[name])
      if (invalid) {
        event.currentTarget.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus()
        return
      }
      onValid(values)
    }

  /** Show the server's per-field problems (paths as the API names the fields). */
  const showServerErrors = (errors: readonly FieldError[]) => {
    const next: FormErrors<K> = {}
    for (const error of errors) {
      const name = error.path.split('.')[0] as K
      if (name in values && !next[name]) next[name] = error
    }
    setServerErrors(next)
  }

  return { values, field, handleSubmit, showServerErrors }
}

/** The first problem per top-level field of a zod issue list. */
export function firstProblemPerField<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FormErrors<K> {
  const errors: FormErrors<K> = {}
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '') as K
    if (name && !errors[name]) errors[name] = { message: issue.message, path: name, ...problemOf(issue) }
  }
  return errors
}
