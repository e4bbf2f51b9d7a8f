// @vitest-environment node
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ERROR_CODES } from '@medstore/contracts/errors'
import {
  changePasswordRequest,
  forgotPasswordRequest,
  IDENTITY_ANSWERS,
  loginRequest,
  registerRequest,
  resetPasswordRequest,
} from '@medstore/contracts/identity'
import { sendMessageRequest } from '@medstore/contracts/messaging'
import { shippingInfo } from '@medstore/contracts/order'
import { PROBLEM_CODES, type ProblemCode, problemOf } from '@medstore/contracts/problems'
import { createReviewRequest } from '@medstore/contracts/review'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { type FieldProblem, LANGUAGES, type Language, LOCALES, problemText } from '../src/index.ts'

/**
 * Every problem a slice's forms can meet, by code, has a message in each of its languages: the problems
 * are found by sending each field of the forms' contract schemas every kind of bad value, so a new rule
 * in a contract (or a new code) fails here until each catalogue says it. English must come out as the
 * contract's sentence word for word (the spec's words); the others must be a translation.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url))

type Form = { schema: z.ZodObject; fields: readonly string[] }
const FORMS: Record<string, { forms: Form[]; answers?: FieldProblem[] }> = {
  'shell/src/pages/locales': {
    forms: [
      {
        schema: registerRequest,
        fields: ['firstName', 'lastName', 'userName', 'email', 'phone', 'password', 'cmPassword'],
      },
      { schema: loginRequest, fields: ['email', 'password'] },
      { schema: changePasswordRequest, fields: ['currentPassword', 'newPassword', 'cmPassword'] },
      { schema: forgotPasswordRequest, fields: ['email'] },
      { schema: resetPasswordRequest, fields: ['password', 'cmPassword'] },
    ] as Form[],
    // The identity service's own answers about a field or the sign-in (services/identity).
    answers: [
      ...Object.values(IDENTITY_ANSWERS),
      {
        path: 'newPassword',
        message:
          'This password is too easy to guess (a common password, a name or a simple pattern). Try a few unrelated words, or a longer mix of letters, digits and symbols',
        code: 'weak_password',
      },
    ],
  },
  'mfe-checkout/src/locales': {
    forms: [{ schema: shippingInfo, fields: Object.keys(shippingInfo.shape) }] as Form[],
  },
  'mfe-store/src/locales': {
    forms: [
      { schema: createReviewRequest, fields: ['rating', 'comment'] },
      { schema: sendMessageRequest, fields: ['phoneNumber', 'message'] },
    ] as Form[],
  },
}

/** Every kind of bad value a field can be sent: missing, empty, blank, too long, of the wrong type, unsafe. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  ' '.repeat(9),
  'x',
  'short',
  'a b',
  'x'.repeat(3000),
  'A\u0000B',
  'A\uD800B',
  '012345',
  'Nepal',
  0,
  1.5,
  9,
  12,
  {},
]

function problemsOf({ schema, fields }: Form): FieldProblem[] {
  const found: FieldProblem[] = []
  for (const field of fields)
    for (const value of BAD_VALUES) {
      const result = schema.safeParse({ [field]: value })
      if (result.success) continue
      for (const issue of result.error.issues) {
        const path = issue.path.join('.')
        if (fields.includes(String(issue.path[0])))
          found.push({ path, message: issue.message, ...problemOf(issue) })
      }
    }
  return found
}

const catalogue = (folder: string, language: Language): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, folder, `${language}.json`), 'utf8'))

/** A slice's translate function over its catalogue file, as `defineCatalogue` formats it. */
const translator = (folder: string, language: Language) => {
  const messages = catalogue(folder, language)
  return (key: string, values?: Record<string, unknown>) => {
    const message = messages[key]
    if (message === undefined) return key
    return String(new IntlMessageFormat(message, LOCALES[language]).format(values as never))
  }
}

describe.each(Object.entries(FORMS))(
  'the problems of the forms with the %s catalogue',
  (folder, { forms, answers }) => {
    const problems = [...forms.flatMap(problemsOf), ...(answers ?? [])]
    const unique = [...new Map(problems.map((p) => [`${p.path} ${p.message}`, p])).values()]

    it('each carries a code from the contracts', () => {
      expect(unique.length).toBeGreaterThan(5)
      expect(unique.filter((p) => !p.code).map((p) => p.message)).toEqual([])
    })

    it.each(LANGUAGES)('each code and field has a message in %s', (language) => {
      const messages = catalogue(folder, language)
      const missing = unique.flatMap((p) => [
        ...(messages[`problem.${p.code}`] === undefined ? [`problem.${p.code}`] : []),
        ...(p.path && messages[`problem.field.${p.path.split('.').at(-1)}`] === undefined
          ? [`problem.field.${p.path.split('.').at(-1)}`]
          : []),
      ])
      expect([...new Set(missing)]).toEqual([])
    })

    it('says each in English exactly as the contract wrote it, from the code alone', () => {
      const t = translator(folder, 'en')
      for (const problem of unique) expect(problemText({ ...problem, message: '' }, t)).toBe(problem.message)
    })

    it.each(LANGUAGES.filter((language) => language !== 'en'))('says each in %s', (language) => {
      const t = translator(folder, language)
      for (const problem of unique) {
        const shown = problemText({ ...problem, message: '' }, t)
        expect(shown, problem.message).not.toBe('')
        expect(shown, problem.message).not.toBe(problem.message)
      }
    })

    it('has no message for a code the contracts do not have', () => {
      const codes = Object.keys(catalogue(folder, 'en'))
        .filter((key) => key.startsWith('problem.') && !key.startsWith('problem.field.'))
        .map((key) => key.slice('problem.'.length))
      expect(codes.filter((code) => !PROBLEM_CODES.includes(code as ProblemCode))).toEqual([])
    })
  },
)

describe("the UI kit's messages for the server's errors", () => {
  /** The failures a shopper can meet: each said in every language but English (which keeps the server's). */
  const SHOPPER_FAILURES = [
    'out_of_stock',
    'conflict',
    'unauthenticated',
    'forbidden',
    'not_found',
    'rate_limited',
    'unavailable',
    'timeout',
    'internal',
    'network',
    'not_sold_online',
    'prescription_required',
    'pincode_not_served',
  ]

  it.each(LANGUAGES.filter((language) => language !== 'en'))('has each in %s', (language) => {
    const messages = catalogue('packages/ui/src/locales', language)
    expect(SHOPPER_FAILURES.filter((code) => !messages[`error.${code}`]?.trim())).toEqual([])
  })

  it("keeps the server's own words in English (empty entries) and names only real codes", () => {
    const english = catalogue('packages/ui/src/locales', 'en')
    const codes = Object.keys(english)
      .filter((key) => key.startsWith('error.'))
      .map((key) => key.slice('error.'.length))
    expect(codes.length).toBeGreaterThanOrEqual(SHOPPER_FAILURES.length)
    for (const code of codes) expect(english[`error.${code}`], code).toBe('')
    const known = [...Object.keys(ERROR_CODES), 'network', 'refused']
    expect(codes.filter((code) => !known.includes(code))).toEqual([])
  })
})
