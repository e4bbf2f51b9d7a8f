import { describe, expect, it } from 'vitest'
import { findUnsafeText, requiredText, unsafeTextProblem } from '../src/fields'

describe('the text rule', () => {
  it.each([
    ['a NUL', 'para\u0000cetamol'],
    ['a lone high surrogate', 'dose \uD83D'],
    ['a lone low surrogate', '\uDE00 tablets'],
    ['surrogates in the wrong order', '\uDE00\uD83D'],
  ])('refuses %s', (_what, text) => {
    expect(unsafeTextProblem(text)).toBeDefined()
  })

  it.each(['Crocin 650', 'डोलो ६५०', 'emoji 💊 paired', '\u200Fright-to-left mark', ''])(
    'accepts %j',
    (text) => {
      expect(unsafeTextProblem(text)).toBeUndefined()
    },
  )

  it('names the nested field that breaks it', () => {
    expect(findUnsafeText({ items: [{ name: 'ok' }, { name: 'bad\u0000' }] })).toEqual({
      path: 'items.1.name',
      message: 'items.1.name contains a NUL character, which is not allowed',
      code: 'unsafe_text',
      values: { reason: 'nul' },
    })
    expect(findUnsafeText({ 'na\u0000me': 'x' })?.message).toMatch(/field name/)
    expect(findUnsafeText({ q: 'dolo', page: 2, tags: ['a', 'b'], nested: { x: null } })).toBeUndefined()
  })

  it('walks deep nesting without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findUnsafeText(deep)?.message).toMatch(/NUL/)
  })

  it('is part of requiredText, with the field label in the message', () => {
    const result = requiredText('Product name').safeParse('Dolo\u0000')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(
      'Product name contains a NUL character, which is not allowed',
    )
  })
})
