import { z } from 'zod'

/** Field rules shared by more than one form and service. */

/**
 * The one rule for text anyone sends us: no NUL character (PostgreSQL refuses it in text, so it would
 * reach the database as a 500) and no lone UTF-16 surrogate (half a character: it cannot be encoded as
 * UTF-8, so it would be stored mangled). Returns the reason, or undefined when the text is fine.
 */
export function unsafeTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character, which is not allowed'
  if (LONE_SURROGATE.test(text)) return 'contains a broken character (a lone UTF-16 surrogate)'
  return undefined
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export type UnsafeText = { path: string; message: string }

/**
 * The first string (value or key) in a parsed body or query that breaks the text rule, with the field's
 * path (e.g. `items.0.name`) and a message naming it. Walks iteratively, so no nesting depth overflows it.
 */
export function findUnsafeText(input: unknown): UnsafeText | undefined {
  // Each entry keeps its parent's path as a linked list, so a deep body costs linear time, not quadratic.
  type Path = { key: string; parent: Path } | undefined
  const stack: Array<[unknown, Path]> = [[input, undefined]]
  while (stack.length > 0) {
    const [value, path] = stack.pop()!
    if (typeof value === 'string') {
      const problem = unsafeTextProblem(value)
      if (problem) return unsafe(path, problem)
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const keyProblem = unsafeTextProblem(key)
        if (keyProblem) return unsafe(path, `has a field name that ${keyProblem}`)
        stack.push([child, { key, parent: path }])
      }
    }
  }
  return undefined
}

function unsafe(path: { key: string; parent: unknown } | undefined, problem: string): UnsafeText {
  const keys: string[] = []
  for (let p = path; p; p = p.parent as typeof path) keys.push(p.key)
  const name = keys.reverse().join('.')
  return { path: name, message: `${name || 'The request'} ${problem}` }
}

/** An Indian mobile number: 10 digits starting 6–9, optionally written with +91 / 91 / 0 and spaces or dashes. */
export const indianMobile = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?:\+91|91|0)?[6-9]\d{9}$/,
        'Enter a valid Indian mobile number (10 digits, optionally with +91)',
      )
      .transform((v) => v.slice(-10)),
  )

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => unsafeTextProblem(v) === undefined, {
      error: (issue) => `${label} ${unsafeTextProblem(String(issue.input))}`,
    })

/** An e-mail address, trimmed and lower-cased (addresses are compared without letter case). */
export const emailAddress = (label = 'Email') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email('Enter a valid email address'))
    .transform((v) => v.toLowerCase())
    .meta({ format: 'email' })

/**
 * A password someone chooses (sign-up, a change, a reset): 8–128 characters and not only spaces. How easy
 * it is to guess is the identity service's check (a strength estimator with a common-password list).
 */
export const newPassword = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .min(8, `${label} must be at least 8 characters`)
    .max(128, `${label} must be at most 128 characters`)
    .refine((v) => v.trim().length > 0, `${label} cannot be only spaces`)

/** A password typed to prove who one is: required, and bounded so no one makes the server hash a novel. */
export const currentPassword = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(1024, `${label} must be at most 1024 characters`)

/** An Indian PIN code: 6 digits, the first not 0 (India Post's eight zones are 1–8, 9 is the army post). */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/

/** A PIN code someone types: trimmed, required, six digits. `label` names the field in the messages. */
export const pinCode = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .regex(PIN_CODE_PATTERN, `${label} must be a 6-digit PIN code`)
