import {
  changePasswordRequest,
  IDENTITY_ANSWERS,
  loginRequest,
  registerRequest,
} from '@medstore/contracts/identity'
import { type Problem, problemOf } from '@medstore/contracts/problems'
import { type FieldProblem, problemText, useLanguageStore } from '@medstore/ui'
import { afterAll, describe, expect, it } from 'vitest'
import { ready, t } from '../src/pages/i18n.ts'

/**
 * The sign-up, sign-in and password forms' problems, by the contracts' codes, shown from the pages'
 * catalogue: in English word for word as the contract wrote them, in Hindi with none left untranslated.
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
  { password: ' '.repeat(9), cmPassword: 'x', email: `${'a'.repeat(250)}@b.in`, firstName: 'A\u0000' },
  { currentPassword: 'x'.repeat(1025), newPassword: 'short', cmPassword: '' },
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

const schemas = [registerRequest, loginRequest, changePasswordRequest]

const problemsOf = (schema: (typeof schemas)[number]): FieldProblem[] =>
  bad.flatMap((values) => {
    const result = schema.safeParse(values)
    return result.success
      ? []
      : result.error.issues.map((issue) => ({
          message: issue.message,
          path: issue.path.join('.'),
          ...problemOf(issue),
        }))
  })

/** And the identity service's answers the forms show (a taken e-mail or user name, a wrong password). */
const answers: (FieldProblem & Problem)[] = Object.values(IDENTITY_ANSWERS)

const problems = [...schemas.flatMap(problemsOf), ...answers]

afterAll(() => useLanguageStore.getState().setLanguage('en'))

describe('form problems in the page language', () => {
  it('covers every kind of problem the forms show, each by code', () => {
    expect(new Set(problems.map((p) => p.code)).size).toBeGreaterThanOrEqual(14)
    for (const problem of problems) expect(problem.code, problem.message).toBeDefined()
  })

  it('are the contract’s own words in English, said by the catalogue from the code', async () => {
    await ready('en')
    // Without its English sentence, so the text can only have come from the code and its values.
    for (const problem of problems) expect(problemText({ ...problem, message: '' }, t)).toBe(problem.message)
  })

  it('are Hindi in Hindi (no English word left)', async () => {
    useLanguageStore.getState().setLanguage('hi')
    await ready('hi')
    for (const problem of problems) {
      const shown = problemText(problem, t)
      expect(shown.replace(/NUL/, ''), problem.message).not.toMatch(/[A-Za-z]{3,}/)
      expect(shown, problem.message).toMatch(/[\u0900-\u097F]/)
    }
  })
})
