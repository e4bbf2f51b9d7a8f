import { describe, expect, it } from 'vitest'
import { registerRequest } from '../src/identity'
import { shippingInfo } from '../src/order'
import { problemOf } from '../src/problems'

const issuesOf = (schema: typeof registerRequest | typeof shippingInfo, value: unknown) => {
  const result = schema.safeParse(value)
  if (result.success) throw new Error('expected problems')
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
    ...problemOf(issue),
  }))
}

describe('field problems by code', () => {
  it('carry a code and values beside the English sentence, which stays word for word', () => {
    const issues = issuesOf(registerRequest, {
      firstName: 'x'.repeat(51),
      lastName: '',
      userName: 'a b',
      email: 'nope',
      phone: '12345',
      password: 'short',
      cmPassword: '',
    })
    expect(issues).toEqual([
      {
        path: 'firstName',
        message: 'First name must be at most 50 characters',
        code: 'too_long',
        values: { max: 50 },
      },
      { path: 'lastName', message: 'Last name is required', code: 'required' },
      {
        path: 'userName',
        message: 'Username must be 3–30 letters, digits, dots or underscores',
        code: 'invalid_user_name',
      },
      { path: 'email', message: 'Enter a valid email address', code: 'invalid_email' },
      {
        path: 'phone',
        message: 'Enter a valid Indian mobile number (10 digits, optionally with +91)',
        code: 'invalid_phone',
      },
      {
        path: 'password',
        message: 'Password must be at least 8 characters',
        code: 'too_short',
        values: { min: 8 },
      },
      { path: 'cmPassword', message: 'Please confirm your password', code: 'confirm_password' },
      { path: 'cmPassword', message: 'Passwords do not match', code: 'passwords_differ' },
    ])
  })

  it('covers a missing field, the text rule and a refinement across fields', () => {
    expect(issuesOf(shippingInfo, { customerName: 'A\u0000' })).toEqual(
      expect.arrayContaining([
        {
          path: 'customerName',
          message: 'Customer name contains a NUL character, which is not allowed',
          code: 'unsafe_text',
          values: { reason: 'nul' },
        },
        { path: 'city', message: 'City is required', code: 'required' },
        { path: 'postalCode', message: 'Postal code is required', code: 'required' },
      ]),
    )
    const valid = { firstName: 'A', lastName: 'B', userName: 'asha', email: 'a@b.in', phone: '9876543210' }
    expect(issuesOf(registerRequest, { ...valid, password: 'long enough', cmPassword: 'other one' })).toEqual(
      [{ path: 'cmPassword', message: 'Passwords do not match', code: 'passwords_differ' }],
    )
  })

  it('reads no problem from an issue without one', () => {
    expect(problemOf({ message: 'x' })).toBeUndefined()
    expect(problemOf({ problem: { code: 'made_up' } })).toBeUndefined()
  })
})
