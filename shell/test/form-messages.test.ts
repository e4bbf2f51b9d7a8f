import { loginRequest, registerRequest } from '@medstore/contracts/identity'
import { useLanguageStore } from '@medstore/ui'
import { afterAll, describe, expect, it } from 'vitest'
import { formMessage } from '../src/pages/auth/formMessages.ts'
import { ready, t } from '../src/pages/i18n.ts'

/**
 * The sign-up and sign-in forms' problems, written once in English by the contracts, shown in the page's
 * language: in English word for word as the contract wrote them, in Hindi with none left untranslated.
 */
const bad: Record<string, unknown>[] = [
  {},
  { firstName: '', lastName: '', userName: '', email: '', phone: '', password: '', cmPassword: '' },
  {
    firstName: 'x'.repeat(51),
    lastName: 'y'.repeat(51),
    userName: 'a b',
    email: 'not-an-address',
    phone: '12345',
    password: 'short',
    cmPassword: 'other',
  },
  { password: ' '.repeat(9), cmPassword: 'x', email: `${'a'.repeat(250)}@b.in` },
  {
    firstName: 'A',
    lastName: 'B',
    userName: 'asha',
    email: 'a@b.in',
    phone: '9876543210',
    password: 'long enough pass',
    cmPassword: 'other pass',
  },
]

const problemsOf = (schema: typeof registerRequest | typeof loginRequest) =>
  bad.flatMap((values) => {
    const result = schema.safeParse(values)
    return result.success ? [] : result.error.issues.map((issue) => issue.message)
  })

/** And the identity service's answers the forms show (a taken e-mail or user name, a wrong password). */
const conflicts = [
  'An account with this email already exists',
  'This username is already taken',
  'Invalid email or password',
]

const messages = [...new Set([...problemsOf(registerRequest), ...problemsOf(loginRequest), ...conflicts])]

afterAll(() => useLanguageStore.getState().setLanguage('en'))

describe('form problems in the page language', () => {
  it('covers every kind of problem the forms show', () => {
    expect(messages.length).toBeGreaterThanOrEqual(12)
  })

  it('are the contract’s own words in English', () => {
    for (const message of messages) expect(formMessage(message, t)).toBe(message)
  })

  it('are Hindi in Hindi (no English word left)', async () => {
    useLanguageStore.getState().setLanguage('hi')
    await ready('hi')
    for (const message of messages) {
      const shown = formMessage(message, t)
      expect(shown, message).not.toMatch(/[A-Za-z]{3,}/)
      expect(shown, message).toMatch(/[\u0900-\u097F]/)
    }
  })
})
