import { afterEach, describe, expect, it } from 'vitest'
import { cataloguesReady, problemText, serverText, useLanguageStore } from '../src/index.ts'

/** A slice's catalogue, as its translate function sees it (unknown keys come back as the key). */
const messages: Record<string, (values: Record<string, unknown>) => string> = {
  'problem.too_short': (v) => `${v.label} में कम से कम ${v.min} अक्षर`,
  'problem.invalid_email': () => 'सही ई-मेल पता लिखें',
  'problem.field.password': () => 'पासवर्ड',
  'problem.field.email': () => 'ई-मेल',
}
const t = (key: string, values: Record<string, unknown> = {}) => messages[key]?.(values) ?? key

afterEach(() => useLanguageStore.getState().setLanguage('en'))

describe('a form problem in the reader’s language', () => {
  const tooShort = { path: 'password', message: 'Password must be at least 8 characters', code: 'too_short' }

  it('says the code with its values and the field’s label from the catalogue', () => {
    expect(problemText({ ...tooShort, values: { min: 8 } }, t)).toBe('पासवर्ड में कम से कम 8 अक्षर')
    expect(
      problemText({ message: 'Enter a valid email address', code: 'invalid_email', path: 'email' }, t),
    ).toBe('सही ई-मेल पता लिखें')
  })

  it('names the field by the last named part of a nested path', () => {
    expect(problemText({ ...tooShort, path: 'account.0.password', values: { min: 8 } }, t)).toBe(
      'पासवर्ड में कम से कम 8 अक्षर',
    )
  })

  it('falls back to the English sentence for no code, an unknown code or a field without a label', () => {
    expect(problemText({ message: 'Something odd' }, t)).toBe('Something odd')
    expect(problemText({ ...tooShort, code: 'new_rule' }, t)).toBe(tooShort.message)
    expect(problemText({ ...tooShort, path: 'nickname' }, t)).toBe(tooShort.message)
  })
})

describe('a server error in the reader’s language', () => {
  it("keeps the server's words in English and for a code the kit does not know", async () => {
    await cataloguesReady('en')
    const shortage = { message: 'Only 2 left of Dolo 650', code: 'out_of_stock' }
    expect(serverText(shortage)).toBe(shortage.message)
    useLanguageStore.getState().setLanguage('hi')
    await cataloguesReady('hi')
    expect(serverText({ message: 'A newer failure', code: 'brand_new_code' })).toBe('A newer failure')
    expect(serverText({ message: 'No code at all' })).toBe('No code at all')
  })

  it('says the codes a shopper meets in Hindi, a network failure included', async () => {
    useLanguageStore.getState().setLanguage('hi')
    await cataloguesReady('hi')
    const shortage = serverText({ message: 'Only 2 left of Dolo 650', code: 'out_of_stock' })
    expect(shortage).toMatch(/[\u0900-\u097F]/)
    expect(shortage).not.toMatch(/Dolo/)
    expect(serverText({ message: 'We could not reach the server.', code: 'network' })).toMatch(
      /सर्वर तक नहीं पहुँच/,
    )
  })
})
