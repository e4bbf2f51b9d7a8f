import type { MessageValues } from '@medstore/ui'
import type { MessageKey } from '../i18n.ts'

/**
 * A form's problem in the page's language. The contracts' field helpers (packages/contracts) write each
 * problem once, in English, for the server and the forms alike; the pages' catalogue (../locales) holds
 * each of those sentences (its English entries are the same words: shell/test/form-messages.test.ts
 * checks) and their translations. A message it does not know is shown as the contract wrote it.
 */

/** The field names the contract's messages use. */
const LABELS: Readonly<Record<string, MessageKey>> = {
  'First name': 'form.label.firstName',
  'Last name': 'form.label.lastName',
  Username: 'form.label.userName',
  Email: 'form.label.email',
  'Phone number': 'form.label.phone',
  Password: 'form.label.password',
}

const SENTENCES: Readonly<Record<string, MessageKey>> = {
  'Username must be 3–30 letters, digits, dots or underscores': 'form.userName',
  'Enter a valid email address': 'form.email',
  'Enter a valid Indian mobile number (10 digits, optionally with +91)': 'form.phone',
  'Please confirm your password': 'form.confirmPassword',
  'Passwords do not match': 'form.passwordsDiffer',
  // The identity service's answers to a taken e-mail or user name (services/identity), shown on the field.
  'An account with this email already exists': 'form.emailTaken',
  'This username is already taken': 'form.userNameTaken',
  // Its answer to a wrong e-mail or password, shown above the sign-in form.
  'Invalid email or password': 'form.badCredentials',
}

/** Sentences about a named field: the label, then a number where there is one. */
const PATTERNS: readonly [RegExp, MessageKey][] = [
  [/^(.+) is required$/, 'form.required'],
  [/^(.+) must be at least (\d+) characters$/, 'form.tooShort'],
  [/^(.+) must be at most (\d+) characters$/, 'form.tooLong'],
  [/^(.+) cannot be only spaces$/, 'form.onlySpaces'],
]

export function formMessage(message: string, t: (key: MessageKey, values?: MessageValues) => string): string {
  const sentence = SENTENCES[message]
  if (sentence) return t(sentence)
  for (const [pattern, key] of PATTERNS) {
    const match = pattern.exec(message)
    const label = match && LABELS[match[1] as string]
    if (!match || !label) continue
    const count = Number(match[2])
    return t(key, { label: t(label), min: count, max: count })
  }
  return message
}
