import { describe, expect, it } from 'vitest'
import { WEAK_PASSWORD, weakPasswordProblem } from '../../src/domain/password-strength'

describe('weakPasswordProblem', () => {
  it.each(['12345678', 'password1', 'qwertyui', 'aaaaaaaa', 'abcd1234', 'iloveyou123', 'Password123'])(
    'refuses the common or patterned %s',
    (password) => expect(weakPasswordProblem(password)).toBe(WEAK_PASSWORD),
  )

  it.each(['correct horse battery', 'asha.rao@2024', 'Mumbai@123', 'drill-password-1'])(
    'accepts %s',
    (password) => expect(weakPasswordProblem(password)).toBeUndefined(),
  )

  it('counts the person’s own name and e-mail as guesses', () => {
    expect(weakPasswordProblem('ashwini2024')).toBeUndefined()
    expect(weakPasswordProblem('ashwini2024', ['Ashwini', 'ashwini@example.in'])).toBe(WEAK_PASSWORD)
  })
})
