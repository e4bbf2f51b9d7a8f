import { describe, expect, it } from 'vitest'
import { authorName, publicAuthorName, splitFullName } from '../src/domain/author-name'

describe('splitFullName', () => {
  it('splits at the first space', () => {
    expect(splitFullName('Asha Rani Rao')).toEqual({ firstName: 'Asha', lastName: 'Rani Rao' })
  })
  it('tidies spaces and keeps a one-word name whole', () => {
    expect(splitFullName('  Ravi   Kumar ')).toEqual({ firstName: 'Ravi', lastName: 'Kumar' })
    expect(splitFullName('Madhuri')).toEqual({ firstName: 'Madhuri', lastName: '' })
  })
})

describe('authorName', () => {
  const token = { name: 'Asha Rao', userName: 'asha' }
  it('prefers the registered name', () => {
    expect(authorName({ firstName: 'Asha Rani', lastName: 'Rao' }, token)).toEqual({
      firstName: 'Asha Rani',
      lastName: 'Rao',
    })
  })
  it("falls back to the token's name, then its user name", () => {
    expect(authorName(undefined, token)).toEqual({ firstName: 'Asha', lastName: 'Rao' })
    expect(authorName(undefined, { name: ' ', userName: 'asha' })).toEqual({
      firstName: 'asha',
      lastName: '',
    })
  })
})

describe('publicAuthorName', () => {
  it('shows the first name and the initial of the last', () => {
    expect(publicAuthorName({ firstName: 'Asha', lastName: 'rani Rao' })).toEqual({
      firstName: 'Asha',
      lastName: 'R.',
    })
    expect(publicAuthorName({ firstName: 'Madhuri', lastName: '' })).toEqual({
      firstName: 'Madhuri',
      lastName: '',
    })
    expect(publicAuthorName({ firstName: 'Ishaan', lastName: 'Ōta' })).toEqual({
      firstName: 'Ishaan',
      lastName: 'Ō.',
    })
  })
})
